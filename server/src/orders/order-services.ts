import fp from 'fastify-plugin';
import { paymentMethods } from '../payments/payment-methods';
import { OrderRepository } from './order-repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** Orders (D19): the order routes, the data export and the account deletion read them. */
    orders: OrderRepository;
  }
}

/** The order services, as a decorator of the root instance. */
export const orderServices = fp(
  async (app) => {
    app.decorate('orders', new OrderRepository(app.db, app.clock, paymentMethods, app.mailOutbox, app.config.seller));
  },
  { name: 'order-services', dependencies: ['core-services', 'account-services'], fastify: '5.x' },
);
