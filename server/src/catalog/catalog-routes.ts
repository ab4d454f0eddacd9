import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../http/api-errors';
import { HttpError } from '../http/http-error';
import { missingBodyAsEmpty } from '../http/missing-body-as-empty';
import { notModifiedResponse, PreparedAnswer, prepareJson, sendPrepared } from '../http/prepared-answer';
import { CatalogReadModel } from './catalog-read-model';
import type { CatalogSnapshot } from './catalog-snapshot';
import { collections } from './collection';
import { parseProductImageFile } from './product-image-file';
import { demoProductIcon } from '../../../demo/demo-product-icon';
import { renderProductImageSvg } from '../../../demo/product-image-svg';
import { toWireProduct, wireProduct } from './wire-product';

declare module 'fastify' {
  // Decorated inside the catalogue plugin only (encapsulated).
  interface FastifyInstance {
    catalog: CatalogReadModel;
  }
}

/**
 * Catalogue answers may be reused by the browser for a minute without asking; after that a
 * revalidation with the ETag costs a 304 (docs/performance.md). Orders are priced by the server
 * from its own catalogue (D19), so a minute-old price on screen can never be charged.
 */
const CATALOG_CACHE_CONTROL = 'public, max-age=60';
/** Pictures change only with a product's name, category or icon (demo data). */
const IMAGE_CACHE_CONTROL = 'public, max-age=86400';

const MAX_CATEGORY_IDS = 1000;

/** POST /api/product: `{}` = whole catalogue; both filters given = products matching both. */
const productQuery = z.object({
  allCategoryIds: z.array(z.int32()).max(MAX_CATEGORY_IDS).optional(),
  collection: z.enum(collections).optional(),
});

/** Product ids are 24 lowercase hex digits; any other shape is bad input (400), not a lookup. */
const productParams = z.object({ id: z.string().regex(/^[0-9a-f]{24}$/, 'Product id must be 24 hex digits.') });

const imageParams = z.object({ file: z.string() });

const wireCategory = z.object({ categoryId: z.number(), categoryName: z.string(), parentCategoryId: z.number().nullable() });
const productList = z.array(wireProduct);
const categoryList = z.array(wireCategory);

/**
 * The catalogue API (SPEC section 7, D3, D10, D11). All public. All paths are absolute, so the
 * plugin works wherever it is registered (no prefix expected).
 */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalog = new CatalogReadModel(app.db);
  await catalog.start();
  app.addHook('onClose', () => catalog.stop());
  app.decorate('catalog', catalog);

  app.post(
    '/api/product',
    {
      config: { public: true },
      // A POST without a body is read as the whole-catalogue call; a JSON `null` is not an object.
      preValidation: missingBodyAsEmpty,
      schema: { body: productQuery, response: { 200: productList, 304: notModifiedResponse, ...errorResponses(400) } },
    },
    (request, reply) => {
      const { allCategoryIds, collection } = request.body;
      const categoryIds = allCategoryIds ? [...new Set(allCategoryIds)].sort((a, b) => a - b) : undefined;
      return fromCatalog(app, (snapshot) => {
        const answer = snapshot.derive(`products:${collection ?? '*'}:${categoryIds?.join(',') ?? '*'}`, () =>
          prepareJson(
            productList,
            snapshot.listProducts({ ...(categoryIds ? { categoryIds } : {}), ...(collection ? { collection } : {}) }).map(toWireProduct),
          ),
        );
        return sendPrepared(request, reply, answer, CATALOG_CACHE_CONTROL);
      });
    },
  );

  app.get(
    '/api/product/:id',
    {
      config: { public: true },
      schema: { params: productParams, response: { 200: wireProduct, 304: notModifiedResponse, ...errorResponses(400, 404) } },
    },
    (request, reply) =>
      fromCatalog(app, (snapshot) => {
        const product = snapshot.findProduct(request.params.id);
        if (!product) throw new HttpError(404, 'Product not found');
        const answer = snapshot.derive(`product:${product.id}`, () => prepareJson(wireProduct, toWireProduct(product)));
        return sendPrepared(request, reply, answer, CATALOG_CACHE_CONTROL);
      }),
  );

  const categories = {
    config: { public: true },
    schema: { response: { 200: categoryList, 304: notModifiedResponse } },
  };
  const listCategories = (request: FastifyRequest, reply: FastifyReply) =>
    fromCatalog(app, (snapshot) => {
      const answer = snapshot.derive('categories', () =>
        prepareJson(
          categoryList,
          snapshot.categories.map((category) => ({
            categoryId: category.categoryId,
            categoryName: category.name,
            parentCategoryId: category.parentCategoryId,
          })),
        ),
      );
      return sendPrepared(request, reply, answer, CATALOG_CACHE_CONTROL);
    });
  app.get('/api/category', categories, listCategories);
  // D11: SPEC's casing too. A case-insensitive router already matches it (and would refuse a twin).
  if (isCaseSensitive(app)) app.get('/api/Category', categories, listCategories);

  app.get(
    '/images/products/:file',
    {
      config: { public: true },
      schema: {
        params: imageParams,
        response: {
          200: { description: 'The picture', content: { 'image/svg+xml': { schema: z.string() } } },
          304: notModifiedResponse,
          ...errorResponses(404),
        },
      },
    },
    (request, reply) =>
      fromCatalog(app, (snapshot) => {
        // The strict file-name pattern is the traversal guard: nothing but `<24 hex>-<n>.svg` gets through.
        const wanted = parseProductImageFile(request.params.file);
        const source = wanted ? snapshot.findImageSource(wanted.productId, wanted.position) : undefined;
        if (!wanted || !source) throw new HttpError(404, 'Image not found');
        const picture = snapshot.derive(
          `image:${request.params.file}`,
          () =>
            new PreparedAnswer(
              Buffer.from(
                renderProductImageSvg({
                  productName: source.name,
                  categoryId: source.categoryId,
                  position: wanted.position,
                  icon: demoProductIcon(wanted.productId, source.categoryId),
                }),
              ),
              'image/svg+xml',
            ),
        );
        reply
          .header('X-Content-Type-Options', 'nosniff')
          // The shop (another origin in development) draws these on a canvas and shows them in <img>.
          .header('Cross-Origin-Resource-Policy', 'cross-origin')
          // Opened on its own, the picture may do nothing active.
          .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
        return sendPrepared(request, reply, picture, IMAGE_CACHE_CONTROL);
      }),
  );
};

/**
 * Runs `answer` on the current catalogue: at once when it is known current (the usual case: no
 * promise, no database), else once the version has been checked or the catalogue loaded. The
 * handler returns nothing once the answer is sent (a returned reply would be awaited as a thenable).
 */
function fromCatalog(app: FastifyInstance, answer: (snapshot: CatalogSnapshot) => FastifyReply): Promise<void> | undefined {
  const snapshot = app.catalog.fresh();
  if (snapshot) {
    answer(snapshot);
    return undefined;
  }
  return app.catalog.current().then((current) => {
    answer(current);
  });
}

function isCaseSensitive(app: FastifyInstance): boolean {
  const config = app.initialConfig as { caseSensitive?: boolean; routerOptions?: { caseSensitive?: boolean } };
  return config.caseSensitive !== false && config.routerOptions?.caseSensitive !== false;
}
