import type { Category } from '@shop/core/domain/category';
import type { LegalTexts, Seller } from '@shop/core/domain/legal';
import type { Outcome } from '@shop/core/domain/outcome';
import type { Collection, Product, ProductVariant } from '@shop/core/domain/product';
import type {
  CatalogGateway,
  ProductFacets,
  ProductNotFound,
  ProductFacetsQuery,
  ProductPage,
  ProductPageQuery,
  ProductQuery,
} from '@shop/core/ports/catalog-gateway';
import { isDeepStrictEqual } from 'node:util';
import type { Made } from '../catalog/catalog-cache';
import { type AnswerScope, type CatalogChange, mergeScopes } from '../catalog/catalog-change';
import { type Catalog, filterOf, listQueryOf } from '../catalog/catalog';
import { listFiltersOf } from '../catalog/catalog-filters';
import type { ProductRecord, VariantRecord } from '../catalog/catalog-repository';

/** The shape the catalogue API gives a product id (catalog-routes.ts). */
const PRODUCT_ID = /^[0-9a-f]{24}$/;
/** The API's 400 message for any other (GET /api/product/{id} and its related products). */
const BAD_PRODUCT_ID = 'Invalid request. id: Product id must be 24 hex digits.';

/** An answer that may show some changes late (Made.softScope: a filter panel's counts), under the call that asked for it. */
export interface SoftAnswer {
  call: string;
  made: Made<unknown>;
}

/**
 * The shop's catalogue port answered by the catalogue engine in process (D17: a server render
 * asks no HTTP of itself). Its answers are the ones the shop's HTTP gateway reads off the
 * catalogue API for the same calls (tests/integration/engine-catalog-gateway.test.ts compares
 * them), with picture paths as the API sends them: the page is on the API's own origin. It notes
 * what each answer was made from, so a rendered page is kept exactly as long as they stay (`scope`),
 * and the answers that may show changes late (`softAnswers`). Such an answer found in `followed`
 * (by its call) is taken from there instead of asked for: the page's counts after changes they
 * followed (followSoftAnswers). The legal texts of D24 (`legal`, made from the settings) change only with a new process.
 */
export class EngineCatalogGateway implements CatalogGateway {
  private readonly scopes: AnswerScope[] = [];
  private readonly soft: SoftAnswer[] = [];

  constructor(
    private readonly catalog: Catalog,
    private readonly legal: LegalTexts,
    private readonly followed: ReadonlyMap<string, Made<unknown>> = new Map(),
  ) {}

  /** What every answer given so far was made from. */
  scope(): AnswerScope {
    return mergeScopes(this.scopes);
  }

  /** The answers given so far that may show changes late. */
  softAnswers(): readonly SoftAnswer[] {
    return this.soft;
  }

  async listProducts(query: ProductQuery): Promise<Outcome<Product[]>> {
    const items = this.note(await this.catalog.list(filterOf(...filterParts(query))));
    return ok(items.map(toProduct));
  }

  async listProductPage({ filter, q, sort, filters, limit, offset }: ProductPageQuery): Promise<Outcome<ProductPage>> {
    const [categoryIds, collection] = filterParts(filter ?? {});
    const page = this.note(
      await this.catalog.page(filterOf(categoryIds, collection, listFiltersOf(filters)), listQueryOf(q, sort, offset, limit)),
    );
    return ok({ products: page.items.map(toProduct), total: page.total });
  }

  async getFacets({ filter, q, filters }: ProductFacetsQuery): Promise<Outcome<ProductFacets>> {
    const words = listQueryOf(q, undefined, 0, undefined).words;
    const [categoryIds, collection] = filterParts(filter ?? {});
    const asked = filterOf(categoryIds, collection, listFiltersOf(filters));
    const call = `facets:${asked.key}:${words.join(' ')}`;
    const followed = this.followed.get(call) as Made<ProductFacets> | undefined;
    return ok(this.note(followed ?? (await this.catalog.facets(asked, words)), call));
  }

  async getProduct(id: string): Promise<Outcome<Product, ProductNotFound>> {
    if (!PRODUCT_ID.test(id)) return refused(BAD_PRODUCT_ID);
    const product = this.note(await this.catalog.product(id));
    // As the HTTP gateway reads the API's 404.
    return product ? ok(toProduct(product)) : { ok: false, kind: 'rejected', message: 'Product not found', reason: 'not-found' };
  }

  async getRelated(productId: string): Promise<Outcome<Product[]>> {
    if (!PRODUCT_ID.test(productId)) return refused(BAD_PRODUCT_ID);
    const related = this.note(await this.catalog.related(productId));
    return related ? ok(related.map(toProduct)) : refused('Product not found');
  }

  async listCategories(): Promise<Outcome<Category[]>> {
    // The engine's own objects: a render reads them, never changes them (at 100,000 categories a copy per render is 10 MB).
    return ok(this.note(await this.catalog.categories()));
  }

  getLegalTexts(): Promise<Outcome<LegalTexts>> {
    return Promise.resolve(ok(this.legal));
  }

  getSeller(): Promise<Outcome<Seller>> {
    return Promise.resolve(ok(this.legal.seller));
  }

  /** `call` names the call for answers that may follow changes (only the counts can). */
  private note<T>(made: Made<T>, call = ''): T {
    this.scopes.push(made.scope);
    if (made.softScope && made.refreshWithinMs !== undefined) this.soft.push({ call, made });
    return made.value;
  }
}

/**
 * What these answers may show late, together, with the shortest bound they allow; an empty object
 * when nothing may.
 */
export function softOf(answers: readonly SoftAnswer[]): Pick<Made<unknown>, 'softScope' | 'refreshWithinMs'> {
  if (answers.length === 0) return {};
  return {
    softScope: mergeScopes(answers.map(({ made }) => made.softScope!)),
    refreshWithinMs: Math.min(...answers.map(({ made }) => made.refreshWithinMs!)),
  };
}

/**
 * These answers after these changes (heard in this order, none of them shown by the answers), each
 * made from itself (Made.follow), and whether every one is worth what it was: then a page made from
 * them shows the same. Undefined when one cannot follow them (it has to be asked for again).
 */
export async function followSoftAnswers(
  answers: readonly SoftAnswer[],
  changes: readonly CatalogChange[],
): Promise<{ answers: SoftAnswer[]; unchanged: boolean } | undefined> {
  const next: SoftAnswer[] = [];
  for (const { call, made } of answers) {
    const followed = made.follow && (await made.follow(changes));
    if (!followed) return undefined;
    next.push({ call, made: followed });
  }
  return { answers: next, unchanged: next.every(({ made }, index) => isDeepStrictEqual(made.value, answers[index]!.made.value)) };
}

function filterParts(query: ProductQuery | NonNullable<ProductPageQuery['filter']>): [number[] | undefined, Collection | undefined] {
  if ('collection' in query) return [undefined, query.collection];
  if ('allCategoryIds' in query) return [query.allCategoryIds, undefined];
  return [undefined, undefined];
}

function toProduct(record: ProductRecord): Product {
  const product: Product = { _id: record.id, prodName: record.name, images: [...record.images] };
  if (record.description !== null) product.prodDescription = record.description;
  if (record.price !== null) product.prodPrice = record.price;
  // D25: as the API answers them (wire-product.ts), so the server's page shows the variant a URL names.
  if (record.stock !== null) product.prodStock = record.stock;
  if (record.options.length > 0) product.prodOptions = record.options.map((option) => ({ name: option.name, values: [...option.values] }));
  if (record.variants !== undefined && record.variants.length > 0) product.prodVariants = record.variants.map(toVariant);
  return product;
}

function toVariant(record: VariantRecord): ProductVariant {
  const variant: ProductVariant = { _id: record.id, options: [...record.options], label: record.options.join(' / '), stock: record.stock };
  if (record.price !== null) variant.price = record.price;
  if (record.images !== null) variant.images = [...record.images];
  return variant;
}

function ok<T>(data: T): Outcome<T> {
  return { ok: true, data };
}

function refused(message: string): Outcome<never> {
  return { ok: false, kind: 'rejected', message };
}
