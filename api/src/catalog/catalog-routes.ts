import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NARROW_PICTURE_WIDTHS, STORED_PICTURE_WIDTH } from '@shop/core/domain/product-picture';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX, productSorts, SEARCH_TEXT_MAX } from '@shop/core/domain/product-search';
import { errorResponses } from '../http/api-errors';
import { HttpError } from '../http/http-error';
import { missingBodyAsEmpty } from '../http/missing-body-as-empty';
import { rememberRepeatedJsonBodies, rememberValidation } from '../http/repeated-bodies';
import { notModifiedResponse, preparedRoute, PreparedAnswer, prepareJson } from '@shop/core/node/prepared-answer';
import { catalogAnswers, NOT_FOUND, NotFound, preparedFrom } from './catalog-answers';
import { type Filter, filterOf, listQueryOf } from './catalog';
import { listFiltersOf } from './catalog-filters';
import type { ListQuery } from './catalog-repository';
import { collections } from './collection';
import { filterFieldNames, filterFields, withPriceRange } from './filter-fields';
import { parseProductImageFile } from './product-image-file';
import { rasterisePicture } from './product-picture';
import { demoProductIcon } from '@shop/core/demo/demo-product-icon';
import { renderProductImageSvg } from '@shop/core/demo/product-image-svg';
import { toWireProduct, wireProduct } from './wire-product';
import { pagePolicy } from '@shop/core/node/page-policy';

/**
 * A picture's own Content-Security-Policy (it replaces the documents' one): nothing active, and
 * framed no more than the shop's page is (its `frame-ancestors`, core/node/page-policy.ts).
 */
const PICTURE_POLICY = `default-src 'none'; style-src 'unsafe-inline'; frame-ancestors ${pagePolicy('').directives.frameAncestors.join(' ')}`;

/** Pictures change only with a product's name, category or icon (demo data). */
const IMAGE_CACHE_CONTROL = 'public, max-age=86400';

const MAX_CATEGORY_IDS = 1000;

/**
 * POST /api/product: `{}` = whole catalogue; both filters given = products matching both.
 * D18 adds search, sort and paging, D25 price, stock and option filters (filter-fields.ts); a body
 * without them is SPEC's call, answered as before.
 */
export const productFields = z.object({
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
  limit: z
    .int()
    .min(1)
    .max(PAGE_LIMIT_MAX)
    .optional()
    .describe(
      `Page size, 1-${PAGE_LIMIT_MAX}; default ${PAGE_LIMIT_DEFAULT} (a body with any D18 field is one page). Only a body without ` +
        'q, sort, limit and offset (SPEC) lists every match.',
    ),
  offset: z.int().min(0).optional().describe('How many matches to skip (after sorting). Default 0.'),
  ...filterFields,
});
const productQuery = withPriceRange(productFields);

/** The D18 and D25 fields: a body with any of them is answered with X-Total-Count. */
const searchFields = ['q', 'sort', 'limit', 'offset', ...filterFieldNames] as const;

/** Product ids are 24 lowercase hex digits; any other shape is bad input (400), not a lookup. */
export const productParams = z.object({ id: z.string().regex(/^[0-9a-f]{24}$/, 'Product id must be 24 hex digits.') });

const imageParams = z.object({ file: z.string() });

/** `?w=`: the narrower copies a WebP picture is also served in (core/domain/product-picture.ts). */
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
 * The catalogue API (SPEC section 7, D3, D10, D11), answered by the catalogue engine
 * (`app.catalog`, catalog.ts) and kept in its cache. All public. All paths are absolute, so the
 * plugin works wherever it is registered (no prefix expected).
 */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalog } = app;
  // What no kept answer covers is made in turns and counted against the client's budget (issue 34).
  const sendAnswer = catalogAnswers(app);
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
      schema: { body: productQuery, response: { 200: productList, 304: notModifiedResponse, ...errorResponses(400, 429) } },
    },
    (request, reply) => {
      const asked = askedFor(request.body);
      const query = asked.query;
      if (query === undefined) {
        // SPEC's call: the same answer, bytes and headers as before D18.
        return sendAnswer(request, reply, asked.key, async () =>
          preparedFrom(await catalog.list(asked.filter), (items) => prepareJson(productList, items.map(toWireProduct))),
        );
      }
      return sendAnswer(request, reply, asked.key, async () =>
        preparedFrom(await catalog.page(asked.filter, query), (page) =>
          prepareJson(productList, page.items.map(toWireProduct), { 'x-total-count': String(page.total) }),
        ),
      );
    },
  );

  app.get(
    '/api/product/:id',
    {
      ...preparedRoute,
      config: { public: true },
      schema: { params: productParams, response: { 200: wireProduct, 304: notModifiedResponse, ...errorResponses(400, 404, 429) } },
    },
    (request, reply) =>
      sendAnswer(request, reply, `product:${request.params.id}`, async () =>
        preparedFrom(await catalog.product(request.params.id), (product) =>
          product ? prepareJson(wireProduct, toWireProduct(product)) : NOT_FOUND,
        ),
      ),
  );

  const categories = {
    ...preparedRoute,
    config: { public: true },
    schema: { response: { 200: categoryList, 304: notModifiedResponse, ...errorResponses(429) } },
  };
  const listCategories = (request: FastifyRequest, reply: FastifyReply) =>
    sendAnswer(request, reply, 'categories', async () =>
      preparedFrom(await catalog.categories(), (list) => prepareJson(categoryList, list)),
    );
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
          ...errorResponses(404, 429),
        },
      },
    },
    (request, reply) => {
      // The strict file-name pattern is the traversal guard: nothing but `<24 hex>-<n>.webp|svg` gets through.
      const wanted = parseProductImageFile(request.params.file);
      if (!wanted) throw new HttpError(404, 'Image not found');
      const width = wanted.format === 'webp' && request.query.w ? Number(request.query.w) : undefined;
      reply
        .header('X-Content-Type-Options', 'nosniff')
        // The shop (another origin in development) draws these on a canvas and shows them in <img>.
        .header('Cross-Origin-Resource-Policy', 'cross-origin')
        // Opened on its own, the picture may do nothing active, nor be framed by another site.
        .header('Content-Security-Policy', PICTURE_POLICY);
      // Made once per file and width while the product's name and category stay, however many ask at once.
      return sendAnswer(
        request,
        reply,
        `image:${request.params.file}:${width ?? 'stored'}`,
        async () => {
          const source = await catalog.imageSource(wanted.productId, wanted.position);
          if (!source.value) return { scope: source.scope, bytes: source.bytes, value: IMAGE_NOT_FOUND };
          const { name, categoryId } = source.value;
          const drawing = renderProductImageSvg({
            productName: name,
            categoryId,
            position: wanted.position,
            icon: demoProductIcon(wanted.productId, categoryId),
          });
          const picture =
            wanted.format === 'webp'
              ? new PreparedAnswer(await rasterisePicture(drawing, width), 'image/webp')
              : new PreparedAnswer(Buffer.from(drawing), 'image/svg+xml');
          return { value: picture, scope: source.scope, bytes: picture.body.length * 2 };
        },
        IMAGE_CACHE_CONTROL,
      );
    },
  );
};

type ProductBody = z.infer<typeof productQuery>;
interface Asked {
  filter: Filter;
  /** Undefined for SPEC's call (no D18 field). */
  query?: ListQuery;
  /** The answer's key: bodies asking the same share it ("Kulak" and "kulak ", `[2, 1, 2]` and `[1, 2]`). */
  key: string;
}
/** A remembered (frozen) body -> what it asks for. */
const askedByBody = new WeakMap<ProductBody, Asked>();

/** What a product-list body asks for; worked out once per remembered body (rememberRepeatedJsonBodies). */
function askedFor(body: ProductBody): Asked {
  const known = askedByBody.get(body);
  if (known) return known;
  const { allCategoryIds, collection, q, sort, limit, offset, minPrice, maxPrice, options, inStock } = body;
  const filter = filterOf(allCategoryIds, collection, listFiltersOf({ minPrice, maxPrice, options, inStock }));
  const query = searchFields.some((field) => body[field] !== undefined)
    ? listQueryOf(q, sort, offset ?? 0, limit ?? PAGE_LIMIT_DEFAULT)
    : undefined;
  const asked: Asked = query
    ? { filter, query, key: `search:${filter.key}:${query.words.join(' ')}:${query.sort}:${query.offset}:${query.limit}` }
    : { filter, key: `products:${filter.key}` };
  if (Object.isFrozen(body)) askedByBody.set(body, asked);
  return asked;
}

const IMAGE_NOT_FOUND = new NotFound('Image not found');

function isCaseSensitive(app: FastifyInstance): boolean {
  const config = app.initialConfig as { caseSensitive?: boolean; routerOptions?: { caseSensitive?: boolean } };
  return config.caseSensitive !== false && config.routerOptions?.caseSensitive !== false;
}
