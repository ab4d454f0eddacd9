import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../http/api-errors';
import { missingBodyAsEmpty } from '../http/missing-body-as-empty';
import {
  cancelOrderBody,
  idempotencyHeaders,
  orderAnswer,
  orderListAnswer,
  orderListQuery,
  orderContractAnswer,
  orderParams,
  orderRequestBody,
  placeOrderBody,
} from './order-schemas';

/**
 * Orders (D19): signed in only (no route here is public), each one scoped to the caller. The
 * server prices every order; `Idempotency-Key` makes a retry or a double click one order.
 */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, orders, throttle } = app;

  // Orders carry names and addresses: no cache may keep them (errors included).
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/api/orders/contract',
    {
      schema: {
        summary: 'The pre-information form and distance sales contract for an order request (D24)',
        description:
          'Renders both documents in Turkish from the server-priced lines, the caller’s chosen addresses, the payment method and the seller’s details. Placing the order sends back their version and sha256 as contractAcceptance.',
        body: orderRequestBody,
        response: { 200: orderContractAnswer, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({ success: true as const, contract: await orders.contract(request.session.userId, request.body) }),
  );

  app.post(
    '/api/orders',
    {
      schema: {
        headers: idempotencyHeaders,
        body: placeOrderBody,
        response: { 201: orderAnswer, ...errorResponses(400, 401, 404, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const { userId } = request.session;
      await throttle.consume('order-user', userId, config.rateLimits.ordersPerUser);
      // The confirmation mail is queued in the order's own transaction (D23): the answer waits
      // for no mail server, and a mail server that is down loses no mail. The accepted contract
      // (D24) is stored with the client that accepted it.
      const client = { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
      const placed = await orders.place({ ...request.body, userId, client, idempotencyKey: request.headers['idempotency-key'] });
      return reply.code(201).send({ success: true as const, order: placed.order });
    },
  );

  app.get(
    '/api/orders',
    { schema: { querystring: orderListQuery, response: { 200: orderListAnswer, ...errorResponses(400, 401) } } },
    async (request, reply) => {
      const { orders: page, total } = await orders.list(request.session.userId, request.query);
      reply.header('x-total-count', String(total));
      return { success: true as const, orders: page };
    },
  );

  app.get(
    '/api/orders/:id',
    { schema: { params: orderParams, response: { 200: orderAnswer, ...errorResponses(400, 401, 404) } } },
    async (request) => ({ success: true as const, order: await orders.find(request.session.userId, request.params.id) }),
  );

  app.post(
    '/api/orders/:id/cancel',
    {
      // No body is needed; one may be sent as `{}`.
      preValidation: missingBodyAsEmpty,
      schema: { params: orderParams, body: cancelOrderBody, response: { 200: orderAnswer, ...errorResponses(400, 401, 404, 409) } },
    },
    async (request) => ({ success: true as const, order: await orders.cancel(request.session.userId, request.params.id) }),
  );
};
