import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STOCK_ALERT_ACCEPTED } from '@shop/core/domain/stock-alert';
import { emailSchema } from '../accounts/account-schemas';
import { emailKey } from '@shop/core/domain/email-address';
import { errorResponses } from '../http/api-errors';
import { clientKey } from '../http/client-key';
import { productParams } from './catalog-routes';
import { StockAlerts } from './stock-alerts';

const notifyBody = z.object({
  email: emailSchema,
  variantId: z
    .string()
    .regex(/^[0-9a-f]{24}$/, 'Variant id must be 24 hex digits.')
    .optional(),
});

const notifyAnswer = z.object({ success: z.literal(true), message: z.string() });

/**
 * POST /api/product/{id}/notify (D25, docs/products.md "Back in stock"): 'Haber ver'. Public,
 * throttled per client and per address; the mail goes through the outbox once the product (or
 * variant) is back (stock-alerts.ts).
 */
export const stockAlertRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = app.config.rateLimits;
  const { throttle } = app;
  const alerts = new StockAlerts(app.db, app.clock, app.mailOutbox, app.config.publicUrl, (error) =>
    app.log.error({ err: error }, 'back-in-stock sweep failed'),
  );
  await alerts.start();
  app.addHook('onClose', () => alerts.stop());

  app.post(
    '/api/product/:id/notify',
    {
      config: { public: true },
      schema: {
        summary: "'Haber ver': one mail when a sold-out product or variant is back in stock (D25)",
        description:
          'The product, or the variant named, must be sold out now (409 otherwise). A repeat of a pending request stores nothing new. ' +
          'Throttled per client (RATE_LIMIT_STOCK_ALERT_PER_CLIENT) and per address (RATE_LIMIT_STOCK_ALERT_PER_ADDRESS).',
        params: productParams,
        body: notifyBody,
        response: { 202: notifyAnswer, ...errorResponses(400, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const { email, variantId } = request.body;
      await throttle.consume('stock-alert-client', clientKey(request.ip), limits.stockAlertPerClient);
      await throttle.consume('stock-alert-address', emailKey(email), limits.stockAlertPerAddress);
      await alerts.request({ productId: request.params.id, variantId, email });
      return reply.code(202).send({ success: true as const, message: STOCK_ALERT_ACCEPTED });
    },
  );
};
