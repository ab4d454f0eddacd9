import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RELATED_MAX } from '@shop/core/domain/related-products';
import { errorResponses } from '../http/api-errors';
import { notModifiedResponse, preparedRoute, prepareJson } from '@shop/core/node/prepared-answer';
import { catalogAnswers, NOT_FOUND, preparedFrom } from './catalog-answers';
import { productParams } from './catalog-routes';
import { toWireProduct, wireProduct } from './wire-product';

const relatedList = z
  .array(wireProduct)
  .max(RELATED_MAX)
  .describe(
    `At most ${RELATED_MAX} products, never the product itself: those of its categories first (listing order), then those of ` +
      "its categories' parents' other children.",
  );

/**
 * GET /api/product/{id}/related (D25, docs/products.md "Related products"): public, answered by the
 * catalogue engine (`app.catalog.related`) and kept in its cache like the product itself, until a
 * change touches the products it shows, the product's categories or the listings it read.
 */
export const relatedRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalog } = app;
  const sendAnswer = catalogAnswers(app);
  app.get(
    '/api/product/:id/related',
    {
      ...preparedRoute,
      config: { public: true },
      schema: { params: productParams, response: { 200: relatedList, 304: notModifiedResponse, ...errorResponses(400, 404, 429) } },
    },
    (request, reply) =>
      sendAnswer(request, reply, `related:${request.params.id}`, async () =>
        preparedFrom(await catalog.related(request.params.id), (products) =>
          products ? prepareJson(relatedList, products.map(toWireProduct)) : NOT_FOUND,
        ),
      ),
  );
};
