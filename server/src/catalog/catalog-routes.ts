import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NARROW_PICTURE_WIDTHS, STORED_PICTURE_WIDTH } from '../../../src/domain/product-picture';
import { PAGE_LIMIT_MAX, productSorts, SEARCH_TEXT_MAX, searchWords } from '../../../src/domain/product-search';
import { errorResponses } from '../http/api-errors';
import { HttpError } from '../http/http-error';
import { missingBodyAsEmpty } from '../http/missing-body-as-empty';
import { rememberRepeatedJsonBodies, rememberValidation } from '../http/repeated-bodies';
import { notModifiedResponse, preparedRoute, PreparedAnswer, prepareJson, sendPrepared } from '../http/prepared-answer';
import type { CatalogSnapshot } from './catalog-snapshot';
import { collections } from './collection';
import { parseProductImageFile } from './product-image-file';
import { rasterisePicture } from './product-picture';
import { demoProductIcon } from '../../../demo/demo-product-icon';
import { renderProductImageSvg } from '../../../demo/product-image-svg';
import { toWireProduct, wireProduct } from './wire-product';

/**
 * Catalogue answers may be reused by the browser for a minute without asking; after that a
 * revalidation with the ETag costs a 304 (docs/performance.md). Orders are priced by the server
 * from its own catalogue (D19), so a minute-old price on screen can never be charged.
 */
const CATALOG_CACHE_CONTROL = 'public, max-age=60';
/** Pictures change only with a product's name, category or icon (demo data). */
const IMAGE_CACHE_CONTROL = 'public, max-age=86400';

const MAX_CATEGORY_IDS = 1000;

/**
 * POST /api/product: `{}` = whole catalogue; both filters given = products matching both.
 * D18 adds search, sort and paging; a body without them is SPEC's call, answered as before.
 */
const productQuery = z.object({
  allCategoryIds: z
    .array(z.int32())
    .max(MAX_CATEGORY_IDS)
    .optional()
    .describe('Products linked to any of these categories (the category and its descendants, as the shop resolves them).'),
  collection: z.enum(collections).optional().describe('Products of one home carousel (D3).'),
  q: z
    .string()
    .trim()
    .min(1, `q must hold 1 to ${SEARCH_TEXT_MAX} characters (spaces at its ends do not count).`)
    .max(SEARCH_TEXT_MAX, `q must hold 1 to ${SEARCH_TEXT_MAX} characters (spaces at its ends do not count).`)
    .optional()
    .describe(
      `Search text, 1-${SEARCH_TEXT_MAX} characters after trimming (whitespace only is a 400). Every word must start a word of the ` +
        'name or the description, ignoring case (Turkish rules: İ/i, I/ı, and ı matches i) and diacritics (ç, ş, ğ, ö, ü).',
    ),
  sort: z
    .enum(productSorts)
    .optional()
    .describe(
      'relevance (name matches first, then listing order; the default with q), name (Turkish collation, then id; the default ' +
        'without q), price-asc and price-desc (products without a price last), newest (latest added first).',
    ),
  limit: z.int().min(1).max(PAGE_LIMIT_MAX).optional().describe(`Page size, 1-${PAGE_LIMIT_MAX}. Without it, every match from offset on.`),
  offset: z.int().min(0).optional().describe('How many matches to skip (after sorting). Default 0.'),
});

/** The D18 fields: a body with any of them is answered with X-Total-Count. */
const searchFields = ['q', 'sort', 'limit', 'offset'] as const;

/** Product ids are 24 lowercase hex digits; any other shape is bad input (400), not a lookup. */
const productParams = z.object({ id: z.string().regex(/^[0-9a-f]{24}$/, 'Product id must be 24 hex digits.') });

const imageParams = z.object({ file: z.string() });

/** `?w=`: the narrower copies a WebP picture is also served in (src/domain/product-picture.ts). */
const pictureWidths = NARROW_PICTURE_WIDTHS.map((width) => String(width));
const imageQuery = z.object({
  w: z
    .enum(pictureWidths, `w must be one of ${pictureWidths.join(', ')}.`)
    .optional()
    .describe(
      `A narrower copy of a WebP picture, ${pictureWidths.join(' or ')} px wide, for thumbnails (srcset). ` +
        `Without it, the picture as stored (${STORED_PICTURE_WIDTH} px). An SVG drawing is the same at any width.`,
    ),
});

const wireCategory = z.object({ categoryId: z.number(), categoryName: z.string(), parentCategoryId: z.number().nullable() });
const productList = z.array(wireProduct);
const categoryList = z.array(wireCategory);

/**
 * The catalogue API (SPEC section 7, D3, D10, D11), answered from the read model (`app.catalog`,
 * catalog-read-model-plugin.ts). All public. All paths are absolute, so the
 * plugin works wherever it is registered (no prefix expected).
 */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  // Shoppers on one category send the same filter again and again: parsed and checked once.
  rememberRepeatedJsonBodies(app);
  app.post(
    '/api/product',
    {
      ...preparedRoute,
      config: { public: true },
      validatorCompiler: rememberValidation(validatorCompiler),
      // A POST without a body is read as the whole-catalogue call; a JSON `null` is not an object.
      preValidation: missingBodyAsEmpty,
      schema: { body: productQuery, response: { 200: productList, 304: notModifiedResponse, ...errorResponses(400) } },
    },
    (request, reply) => {
      const { allCategoryIds, collection, q, sort, limit, offset } = request.body;
      const categoryIds = allCategoryIds ? normalizedCategoryIds(allCategoryIds) : undefined;
      const filter = { ...(categoryIds ? { categoryIds: categoryIds.ids } : {}), ...(collection ? { collection } : {}) };
      const filterKey = `${collection ?? '*'}:${categoryIds?.key ?? '*'}`;
      if (!searchFields.some((field) => request.body[field] !== undefined)) {
        // SPEC's call: the same answer, bytes and headers as before D18.
        return fromCatalog(app, (snapshot) => {
          const answer = snapshot.derive(`products:${filterKey}`, () =>
            prepareJson(productList, snapshot.listProducts(filter).map(toWireProduct)),
          );
          return sendPrepared(request, reply, answer, CATALOG_CACHE_CONTROL);
        });
      }
      // Queries that search the same words share one answer ("Kulak" and "kulak ").
      const words = searchWords(q ?? null);
      const resolvedSort = sort ?? (words.length > 0 ? 'relevance' : 'name');
      const query = { q: words.join(' '), sort: resolvedSort, offset: offset ?? 0, ...(limit === undefined ? {} : { limit }) };
      return fromCatalog(app, (snapshot) => {
        const answer = snapshot.derive(`search:${filterKey}:${query.q}:${resolvedSort}:${query.offset}:${limit ?? '*'}`, () => {
          const page = snapshot.searchProducts(filter, query);
          return prepareJson(productList, page.items.map(toWireProduct), { 'x-total-count': String(page.total) });
        });
        return sendPrepared(request, reply, answer, CATALOG_CACHE_CONTROL);
      });
    },
  );

  app.get(
    '/api/product/:id',
    {
      ...preparedRoute,
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
    ...preparedRoute,
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
      ...preparedRoute,
      config: { public: true },
      schema: {
        params: imageParams,
        querystring: imageQuery,
        response: {
          200: {
            description: 'The picture: WebP for `<id>-<n>.webp` (the stored links), SVG for `<id>-<n>.svg`',
            content: { 'image/webp': { schema: z.string() }, 'image/svg+xml': { schema: z.string() } },
          },
          304: notModifiedResponse,
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      const snapshot = app.catalog.fresh() ?? (await app.catalog.current());
      // The strict file-name pattern is the traversal guard: nothing but `<24 hex>-<n>.webp|svg` gets through.
      const wanted = parseProductImageFile(request.params.file);
      const source = wanted ? snapshot.findImageSource(wanted.productId, wanted.position) : undefined;
      if (!wanted || !source) throw new HttpError(404, 'Image not found');
      const drawing = () =>
        renderProductImageSvg({
          productName: source.name,
          categoryId: source.categoryId,
          position: wanted.position,
          icon: demoProductIcon(wanted.productId, source.categoryId),
        });
      const width = wanted.format === 'webp' && request.query.w ? Number(request.query.w) : undefined;
      // Made once per catalogue version, file and width, however many ask at once (the promise is what is kept).
      const picture = await snapshot.derive(`image:${request.params.file}:${width ?? 'stored'}`, async () =>
        wanted.format === 'webp'
          ? new PreparedAnswer(await rasterisePicture(drawing(), width), 'image/webp')
          : new PreparedAnswer(Buffer.from(drawing()), 'image/svg+xml'),
      );
      reply
        .header('X-Content-Type-Options', 'nosniff')
        // The shop (another origin in development) draws these on a canvas and shows them in <img>.
        .header('Cross-Origin-Resource-Policy', 'cross-origin')
        // Opened on its own, the picture may do nothing active.
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
      return sendPrepared(request, reply, picture, IMAGE_CACHE_CONTROL);
    },
  );
};

/** How many distinct category-id lists keep a short key. */
const MAX_FILTER_KEYS = 512;
/** The sorted, deduplicated list (joined) -> its short key. */
const filterKeys = new Map<string, string>();
let nextFilterKey = 0;
/** A remembered (frozen) list as sent -> its normalised form. */
const normalisedLists = new WeakMap<readonly number[], { ids: number[]; key: string }>();

/**
 * A category filter as one answer knows it: `[112, 111, 112]` and `[111, 112]` are one filter,
 * with one short key (a large category's list is hundreds of ids, too long to be part of every
 * answer's cache key). A shop sends the same few lists again and again, and a repeated body is
 * the same frozen array (rememberRepeatedJsonBodies), so its normalised form is looked up, not
 * made again.
 */
function normalizedCategoryIds(sent: readonly number[]): { ids: number[]; key: string } {
  const known = normalisedLists.get(sent);
  if (known) return known;
  const ids = [...new Set(sent)].sort((a, b) => a - b);
  const joined = ids.join(',');
  let key = filterKeys.get(joined);
  if (key === undefined) {
    if (filterKeys.size >= MAX_FILTER_KEYS) filterKeys.clear();
    key = `c${(nextFilterKey += 1)}`;
    filterKeys.set(joined, key);
  }
  const normalised = { ids, key };
  if (Object.isFrozen(sent)) normalisedLists.set(sent, normalised);
  return normalised;
}

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
