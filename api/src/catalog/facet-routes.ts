import { type FastifyPluginAsyncZod, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../http/api-errors';
import { missingBodyAsEmpty } from '../http/missing-body-as-empty';
import { rememberRepeatedJsonBodies, rememberValidation } from '../http/repeated-bodies';
import { notModifiedResponse, preparedRoute, prepareJson } from '@shop/core/node/prepared-answer';
import { filterOf, listQueryOf } from './catalog';
import { catalogAnswers, preparedFrom } from './catalog-answers';
import { listFiltersOf } from './catalog-filters';
import { productFields } from './catalog-routes';
import { withPriceRange } from './filter-fields';

const facetsQuery = withPriceRange(productFields.omit({ sort: true, limit: true, offset: true }));

const count = z.int().min(0);
const wireFacets = z
  .object({
    total: count.describe('Products matching every filter.'),
    price: z
      .object({ min: z.number(), max: z.number() })
      .nullable()
      .describe('The lowest and highest prodPrice of the products matching every filter but the price; null when none has a price.'),
    inStock: count.describe('How many of the products matching every other filter can be bought now.'),
    options: z
      .array(
        z.object({
          name: z.string(),
          values: z.array(
            z.object({
              value: z.string(),
              count: count.describe("Products matching every other filter and this value (with the option's other chosen values ignored)."),
            }),
          ),
        }),
      )
      .describe(
        "The options of the list's products, in their order, each value in its option's order; a chosen value no product has is listed with 0.",
      ),
  })
  .describe("A filter panel's counts, each reflecting every other active filter.");

/**
 * POST /api/product/facets (D25): the counts a filter panel shows for a list (its category or
 * collection, its search text) and its filters. Public, answered by the catalogue engine and
 * kept in its cache under the list and the filters as normalised (names and values sorted), until
 * a member's price, stock or variants change, or which products the list holds.
 */
export const facetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalog } = app;
  const sendAnswer = catalogAnswers(app);
  // A category's panel sends the same body again and again (its ids, its filters): parsed and checked once.
  rememberRepeatedJsonBodies(app);
  app.post(
    '/api/product/facets',
    {
      ...preparedRoute,
      config: { public: true },
      validatorCompiler: rememberValidation(validatorCompiler),
      preValidation: missingBodyAsEmpty,
      schema: { body: facetsQuery, response: { 200: wireFacets, 304: notModifiedResponse, ...errorResponses(400, 429) } },
    },
    (request, reply) => {
      const { filter, words, key } = askedFor(request.body);
      return sendAnswer(request, reply, key, async () =>
        preparedFrom(await catalog.facets(filter, words), (facets) => prepareJson(wireFacets, facets)),
      );
    },
  );
};

type FacetsBody = z.infer<typeof facetsQuery>;
interface Asked {
  filter: ReturnType<typeof filterOf>;
  words: string[];
  key: string;
}
/** A remembered (frozen) body -> what it asks for. */
const askedByBody = new WeakMap<FacetsBody, Asked>();

/** What a facets body asks for, and its answer's key; worked out once per remembered body. */
function askedFor(body: FacetsBody): Asked {
  const known = askedByBody.get(body);
  if (known) return known;
  const { allCategoryIds, collection, q, ...filters } = body;
  const filter = filterOf(allCategoryIds, collection, listFiltersOf(filters));
  const words = [...listQueryOf(q, undefined, 0, undefined).words];
  const asked = { filter, words, key: `facets:${filter.key}:${words.join(' ')}` };
  if (Object.isFrozen(body)) askedByBody.set(body, asked);
  return asked;
}
