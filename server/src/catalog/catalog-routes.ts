import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../http/api-errors';
import { HttpError } from '../http/http-error';
import { missingBodyAsEmpty } from '../http/missing-body-as-empty';
import { CatalogRepository } from './catalog-repository';
import { collections } from './collection';
import { parseProductImageFile } from './product-image-file';
import { renderProductImageSvg } from '../../../demo/product-image-svg';
import { toWireProduct, wireProduct } from './wire-product';

declare module 'fastify' {
  // Decorated inside the catalogue plugin only (encapsulated).
  interface FastifyInstance {
    catalog: CatalogRepository;
  }
}

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

/**
 * The catalogue API (SPEC section 7, D3, D10, D11). All public. All paths are absolute, so the
 * plugin works wherever it is registered (no prefix expected).
 */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.decorate('catalog', new CatalogRepository(app.db));

  app.post(
    '/api/product',
    {
      config: { public: true },
      // A POST without a body is read as the whole-catalogue call; a JSON `null` is not an object.
      preValidation: missingBodyAsEmpty,
      schema: { body: productQuery, response: { 200: z.array(wireProduct), ...errorResponses(400) } },
    },
    async (request) => {
      const query = request.body;
      const products = await app.catalog.listProducts({
        ...(query.allCategoryIds ? { categoryIds: [...new Set(query.allCategoryIds)] } : {}),
        ...(query.collection ? { collection: query.collection } : {}),
      });
      return products.map(toWireProduct);
    },
  );

  app.get(
    '/api/product/:id',
    { config: { public: true }, schema: { params: productParams, response: { 200: wireProduct, ...errorResponses(400, 404) } } },
    async (request) => {
      const product = await app.catalog.findProduct(request.params.id);
      if (!product) throw new HttpError(404, 'Product not found');
      return toWireProduct(product);
    },
  );

  const categories = { config: { public: true }, schema: { response: { 200: z.array(wireCategory) } } };
  const listCategories = async () =>
    (await app.catalog.listCategories()).map((category) => ({
      categoryId: category.categoryId,
      categoryName: category.name,
      parentCategoryId: category.parentCategoryId,
    }));
  app.get('/api/category', categories, listCategories);
  // D11: SPEC's casing too. A case-insensitive router already matches it (and would refuse a twin).
  if (isCaseSensitive(app)) app.get('/api/Category', categories, listCategories);

  app.get(
    '/images/products/:file',
    {
      config: { public: true },
      schema: {
        params: imageParams,
        response: { 200: { description: 'The picture', content: { 'image/svg+xml': { schema: z.string() } } }, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      // The strict file-name pattern is the traversal guard: nothing but `<24 hex>-<n>.svg` gets through.
      const wanted = parseProductImageFile(request.params.file);
      const source = wanted ? await app.catalog.findImageSource(wanted.productId, wanted.position) : undefined;
      if (!wanted || !source) throw new HttpError(404, 'Image not found');
      return (
        reply
          .header('Content-Type', 'image/svg+xml')
          .header('Cache-Control', 'public, max-age=86400')
          .header('X-Content-Type-Options', 'nosniff')
          // The shop (another origin in development) draws these on a canvas and shows them in <img>.
          .header('Cross-Origin-Resource-Policy', 'cross-origin')
          // Opened on its own, the picture may do nothing active.
          .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
          .send(renderProductImageSvg({ productName: source.name, categoryId: source.categoryId, position: wanted.position }))
      );
    },
  );
};

function isCaseSensitive(app: FastifyInstance): boolean {
  const config = app.initialConfig as { caseSensitive?: boolean; routerOptions?: { caseSensitive?: boolean } };
  return config.caseSensitive !== false && config.routerOptions?.caseSensitive !== false;
}
