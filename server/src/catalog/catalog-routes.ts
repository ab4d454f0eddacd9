import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/types';
import { HttpError } from '../http/http-error';
import { parseInput } from '../http/parse-input';
import { createCatalogRepository } from './catalog-repository';
import { collections } from './collection';
import { parseProductImageFile } from './product-image-file';
import { renderProductImageSvg } from '../../../demo/product-image-svg';
import { toWireProduct } from './wire-product';

const MAX_CATEGORY_IDS = 1000;

/** POST /api/product: `{}` = whole catalogue; both filters given = products matching both. */
const productQuerySchema = z.object({
  allCategoryIds: z.array(z.int32()).max(MAX_CATEGORY_IDS).optional(),
  collection: z.enum(collections).optional(),
});

/** Product ids are 24 lowercase hex digits; any other shape is bad input (400), not a lookup. */
const productParamsSchema = z.object({ id: z.string().regex(/^[0-9a-f]{24}$/, 'Product id must be 24 hex digits.') });

const imageParamsSchema = z.object({ file: z.string() });

/**
 * The catalogue API (SPEC section 7, D3, D10, D11). All paths are absolute, so the plugin works
 * wherever it is registered (no prefix expected).
 */
export async function catalogRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const catalog = createCatalogRepository(opts.db);

  app.post('/api/product', async (request) => {
    // A POST without a body is read as the whole-catalogue call; a JSON `null` is not an object.
    const query = parseInput(productQuerySchema, request.body === undefined ? {} : request.body);
    const products = await catalog.listProducts({
      ...(query.allCategoryIds ? { categoryIds: [...new Set(query.allCategoryIds)] } : {}),
      ...(query.collection ? { collection: query.collection } : {}),
    });
    return products.map(toWireProduct);
  });

  app.get('/api/product/:id', async (request) => {
    const { id } = parseInput(productParamsSchema, request.params);
    const product = await catalog.findProduct(id);
    if (!product) throw new HttpError(404, 'Product not found');
    return toWireProduct(product);
  });

  const listCategories = async () =>
    (await catalog.listCategories()).map((category) => ({
      categoryId: category.categoryId,
      categoryName: category.name,
      parentCategoryId: category.parentCategoryId,
    }));
  app.get('/api/category', listCategories);
  // D11: SPEC's casing too. A case-insensitive router already matches it (and would refuse a twin).
  if (isCaseSensitive(app)) app.get('/api/Category', listCategories);

  app.get('/images/products/:file', async (request, reply) => {
    const { file } = parseInput(imageParamsSchema, request.params);
    // The strict file-name pattern is the traversal guard: nothing but `<24 hex>-<n>.svg` gets through.
    const wanted = parseProductImageFile(file);
    const source = wanted ? await catalog.findImageSource(wanted.productId, wanted.position) : undefined;
    if (!wanted || !source) throw new HttpError(404, 'Image not found');
    return reply
      .header('Content-Type', 'image/svg+xml')
      .header('Cache-Control', 'public, max-age=86400')
      .header('X-Content-Type-Options', 'nosniff')
      // The shop (another origin in development) draws these on a canvas and shows them in <img>.
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      // Opened on its own, the picture may do nothing active.
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(renderProductImageSvg({ productName: source.name, categoryId: source.categoryId, position: wanted.position }));
  });
}

function isCaseSensitive(app: FastifyInstance): boolean {
  const config = app.initialConfig as { caseSensitive?: boolean; routerOptions?: { caseSensitive?: boolean } };
  return config.caseSensitive !== false && config.routerOptions?.caseSensitive !== false;
}
