import type { Category } from '@shop/core/domain/category';
import { relatedProductIds } from '@shop/core/domain/related-products';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX, productSorts, ProductSearchIndex, SEARCH_TEXT_MAX } from '@shop/core/domain/product-search';
import type { ProductQuery } from '@shop/core/ports/catalog-gateway';
import { CatalogHttpGateway } from '../http/catalog-http-gateway';
import { type DemoProduct, demoCategories, demoProducts } from './demo-catalog';
import { never } from './fake-delay';
import { activeFilters, facetsOf, FILTER_FIELDS, invalidFilters, matchesFilters } from './fake-filters';
import { FAKE_LEGAL_TEXTS } from './fake-legal-texts';
import { type FakeGatewayOptions, FakeServer, isServerId, refused, routes, type WireAnswer } from './fake-server';

export interface FakeCatalogOptions extends FakeGatewayOptions {
  products?: DemoProduct[];
  categories?: Category[];
}

/**
 * A product as the server writes it: images as prodImg1..N, an absent description or price left
 * out, no fake filter fields; its variants only when asked for one product (GET /api/product/{id},
 * D25), lists carry prodStock and prodOptions only. The pictures stay data: URLs
 * (core/demo/product-image-svg.ts), where the server writes its image path.
 */
function wireProduct(
  { images, categoryId: _categoryId, collections: _collections, createdAt: _createdAt, prodVariants, ...product }: DemoProduct,
  withVariants = false,
): Record<string, unknown> {
  return {
    ...product,
    ...Object.fromEntries(images.map((url, index) => [`prodImg${index + 1}`, url])),
    ...(withVariants && prodVariants ? { prodVariants } : {}),
  };
}

/** A product as the search index (D18) reads it; the demo product rides along. */
interface Indexed {
  id: string;
  name: string;
  description: string | null;
  price: number | null;
  createdAt: number;
  product: DemoProduct;
}

/** The D18 and D25 fields of a product query; a body with any of them is answered with X-Total-Count. */
const SEARCH_FIELDS = ['q', 'sort', 'limit', 'offset', ...FILTER_FIELDS] as const;

const isWhole = (value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** What the reference server refuses in a D18 body, as its 400 message; undefined when valid. */
function invalidSearch({ q, sort, limit, offset }: Record<string, unknown>): string | undefined {
  if (q !== undefined && (typeof q !== 'string' || q.trim().length < 1 || q.trim().length > SEARCH_TEXT_MAX))
    return `q must hold 1 to ${SEARCH_TEXT_MAX} characters (spaces at its ends do not count).`;
  if (sort !== undefined && !productSorts.some((known) => known === sort)) return `sort must be one of ${productSorts.join(', ')}.`;
  if (limit !== undefined && !isWhole(limit, 1, PAGE_LIMIT_MAX)) return `limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}.`;
  if (offset !== undefined && !isWhole(offset, 0)) return 'offset must be a whole number from 0.';
  return undefined;
}

/** The catalogue calls, answered from memory the way the reference server answers them. */
function catalogRoutes(products: readonly DemoProduct[], categories: readonly Category[], queries: ProductQuery[]) {
  // Built on first search: most fakes only list.
  let index: ProductSearchIndex<Indexed> | undefined;
  const searchIndex = () =>
    (index ??= new ProductSearchIndex(
      products.map((product) => ({
        id: product._id,
        name: product.prodName,
        description: product.prodDescription ?? null,
        price: product.prodPrice ?? null,
        createdAt: product.createdAt ?? 0,
        product,
      })),
    ));

  /** The index's entries of `listed`, in the index's order. */
  const indexed = (listed: readonly DemoProduct[]) => {
    const chosen = new Set(listed);
    return searchIndex().products.filter((entry) => chosen.has(entry.product));
  };

  const search = (body: Record<string, unknown>, listed: readonly DemoProduct[], listFiltered: boolean): WireAnswer => {
    const refusal = invalidSearch(body) ?? invalidFilters(body);
    if (refusal) return refused(400, refusal);
    const filters = activeFilters(body);
    const selected = filters ? listed.filter((product) => matchesFilters(product, filters)) : listed;
    const filtered = listFiltered || filters !== undefined;
    const { q, sort, limit, offset } = body as { q?: string; sort?: (typeof productSorts)[number]; limit?: number; offset?: number };
    const page = searchIndex().query(
      { q: q?.trim(), sort, limit: limit ?? PAGE_LIMIT_DEFAULT, offset },
      filtered ? indexed(selected) : undefined,
    );
    return { status: 200, body: page.items.map((entry) => wireProduct(entry.product)), headers: { 'x-total-count': String(page.total) } };
  };

  /** The products of a body's category ids or collection. */
  const listOf = (query: ProductQuery): readonly DemoProduct[] => {
    if ('allCategoryIds' in query) {
      const ids = new Set(query.allCategoryIds);
      return products.filter((product) => ids.has(product.categoryId));
    }
    if ('collection' in query) return products.filter((product) => product.collections.includes(query.collection));
    return products;
  };

  const listCategories = () => ({ status: 200, body: categories });
  return routes({
    'POST /api/product': ({ body }) => {
      const query = body as ProductQuery;
      queries.push(query);
      const selected = listOf(query);
      if (SEARCH_FIELDS.some((field) => body[field] !== undefined)) return search(body, selected, selected !== products);
      return { status: 200, body: selected.map((product) => wireProduct(product)) };
    },
    'POST /api/product/facets': ({ body }) => {
      const refusal = invalidSearch({ q: body.q }) ?? invalidFilters(body);
      if (refusal) return refused(400, refusal);
      const listed = listOf(body as ProductQuery);
      const q = typeof body.q === 'string' ? body.q.trim() : undefined;
      const found = q
        ? searchIndex()
            .query({ q, limit: products.length, offset: 0 }, indexed(listed))
            .items.map((entry) => entry.product)
        : listed;
      return { status: 200, body: facetsOf(found, activeFilters(body)) };
    },
    'GET /api/product/:id': (_request, [id]) => {
      const product = products.find((candidate) => candidate._id === id);
      return product ? { status: 200, body: wireProduct(product, true) } : refused(404, 'Product not found');
    },
    'GET /api/product/:id/related': (_request, [id = '']) => {
      if (!isServerId(id)) return refused(400, 'Invalid request. id: Product id must be 24 hex digits.');
      const listed = products.map((product) => ({ id: product._id, categoryIds: [product.categoryId] }));
      const related = relatedProductIds(listed, categories, id);
      if (!related) return refused(404, 'Product not found');
      const byId = new Map(products.map((product) => [product._id, product]));
      return { status: 200, body: related.flatMap((relatedId) => byId.get(relatedId) ?? []).map((product) => wireProduct(product)) };
    },
    // D11: the server answers either casing.
    'GET /api/category': listCategories,
    'GET /api/Category': listCategories,
    'GET /api/legal': () => ({ status: 200, body: FAKE_LEGAL_TEXTS }),
  });
}

/** The shop's CatalogHttpGateway over the fake catalogue server (the demo shop by default). */
export class FakeCatalogGateway extends CatalogHttpGateway {
  /** The fake API server answering this gateway; `server.failWith` switches it into a failure mode. */
  readonly server: FakeServer;
  /** Every product query received, in order (tests check what a screen asked for). */
  readonly queries: ProductQuery[];

  constructor(options: FakeCatalogOptions = {}) {
    const queries: ProductQuery[] = [];
    const server = new FakeServer(catalogRoutes(options.products ?? demoProducts, options.categories ?? demoCategories, queries), options);
    super(server.http);
    this.server = server;
    this.queries = queries;
  }
}

/** Every call stays pending: loading states. */
export function pendingCatalogGateway(): FakeCatalogGateway {
  return new FakeCatalogGateway({ delay: never });
}

/** Every call answers status 500 with `message`: error states. */
export function failingCatalogGateway(message: string): FakeCatalogGateway {
  return new FakeCatalogGateway({ failWith: { status: 500, message } });
}

/** No products, no categories: empty states. */
export function emptyCatalogGateway(): FakeCatalogGateway {
  return new FakeCatalogGateway({ products: [], categories: [] });
}
