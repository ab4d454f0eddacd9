import fp from 'fastify-plugin';
import { StockRepository } from '../catalog/stock-repository';
import { OrderContracts } from '../legal/order-contracts';
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
    const { db, clock, config } = app;
    const orders = new OrderRepository(
      db,
      clock,
      paymentMethods,
      app.mailOutbox,
      config.seller,
      app.accounts,
      new StockRepository(),
      new OrderContracts(),
    );
    app.decorate('orders', orders);
  },
  { name: 'order-services', dependencies: ['core-services', 'account-services'], fastify: '5.x' },
);
