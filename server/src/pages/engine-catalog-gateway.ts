import type { Category } from '../../../src/domain/category';
import type { LegalTexts, Seller } from '../../../src/domain/legal';
import type { Outcome } from '../../../src/domain/outcome';
import type { Product } from '../../../src/domain/product';
import type { CatalogGateway, ProductPage, ProductPageQuery, ProductQuery } from '../../../src/ports/catalog-gateway';
import type { Made } from '../catalog/catalog-cache';
import { type AnswerScope, mergeScopes } from '../catalog/catalog-change';
import { type Catalog, filterOf, listQueryOf } from '../catalog/catalog';
import type { ProductRecord } from '../catalog/catalog-repository';

/** The shape the catalogue API gives a product id (catalog-routes.ts). */
const PRODUCT_ID = /^[0-9a-f]{24}$/;

/**
 * The shop's catalogue port answered by the catalogue engine in process (D17: a server render
 * asks no HTTP of itself). Its answers are the ones the shop's HTTP gateway reads off the
 * catalogue API for the same calls (tests/integration/engine-catalog-gateway.test.ts compares
 * them), with picture paths as the API sends them: the page is on the API's own origin. It notes
 * what each answer was made from, so a rendered page is kept exactly as long as they stay (`scope`).
 * The legal texts of D24 (`legal`, made from the settings) change only with a new process.
 */
export class EngineCatalogGateway implements CatalogGateway {
  private readonly scopes: AnswerScope[] = [];

  constructor(
    private readonly catalog: Catalog,
    private readonly legal: LegalTexts,
  ) {}

  /** What every answer given so far was made from. */
  scope(): AnswerScope {
    return mergeScopes(this.scopes);
  }

  async listProducts(query: ProductQuery): Promise<Outcome<Product[]>> {
    const items = this.note(await this.catalog.list(filterOf(...filterParts(query))));
    return ok(items.map(toProduct));
  }

  async listProductPage({ filter, q, sort, limit, offset }: ProductPageQuery): Promise<Outcome<ProductPage>> {
    const page = this.note(await this.catalog.page(filterOf(...filterParts(filter ?? {})), listQueryOf(q, sort, offset, limit)));
    return ok({ products: page.items.map(toProduct), total: page.total });
  }

  async getProduct(id: string): Promise<Outcome<Product>> {
    if (!PRODUCT_ID.test(id)) return refused('Invalid request. id: Product id must be 24 hex digits.');
    const product = this.note(await this.catalog.product(id));
    return product ? ok(toProduct(product)) : refused('Product not found');
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

  private note<T>(made: Made<T>): T {
    this.scopes.push(made.scope);
    return made.value;
  }
}

function filterParts(query: ProductQuery | NonNullable<ProductPageQuery['filter']>): Parameters<typeof filterOf> {
  if ('collection' in query) return [undefined, query.collection];
  if ('allCategoryIds' in query) return [query.allCategoryIds, undefined];
  return [undefined, undefined];
}

function toProduct(record: ProductRecord): Product {
  const product: Product = { _id: record.id, prodName: record.name, images: [...record.images] };
  if (record.description !== null) product.prodDescription = record.description;
  if (record.price !== null) product.prodPrice = record.price;
  return product;
}

function ok<T>(data: T): Outcome<T> {
  return { ok: true, data };
}

function refused(message: string): Outcome<never> {
  return { ok: false, kind: 'rejected', message };
}
