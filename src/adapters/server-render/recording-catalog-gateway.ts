import type { Category } from '../../domain/category';
import type { LegalTexts, Seller } from '../../domain/legal';
import type { Outcome } from '../../domain/outcome';
import type { Product } from '../../domain/product';
import type {
  CatalogGateway,
  ProductFacets,
  ProductFacetsQuery,
  ProductNotFound,
  ProductPage,
  ProductPageQuery,
  ProductQuery,
} from '../../ports/catalog-gateway';
import { type CatalogAnswer, catalogCallKey } from './catalog-answers';

/**
 * The server's catalogue for one render (D17): answers from `catalog` and keeps each answer, so
 * the page can carry them to the browser, whose first render then reads the same data.
 */
export class RecordingCatalogGateway implements CatalogGateway {
  private readonly recorded = new Map<string, Outcome<unknown, string>>();

  constructor(private readonly catalog: CatalogGateway) {}

  /**
   * Every call answered so far, once each, by key: the same page carries the same bytes however
   * its parallel calls happened to finish (a kept page's ETag, and the storefront tier's HTML
   * equal to the reference server's).
   */
  answers(): CatalogAnswer[] {
    return [...this.recorded].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }

  listProducts(query: ProductQuery): Promise<Outcome<Product[]>> {
    return this.record(catalogCallKey('listProducts', [query]), this.catalog.listProducts(query));
  }

  listProductPage(query: ProductPageQuery): Promise<Outcome<ProductPage>> {
    return this.record(catalogCallKey('listProductPage', [query]), this.catalog.listProductPage(query));
  }

  getFacets(query: ProductFacetsQuery): Promise<Outcome<ProductFacets>> {
    return this.record(catalogCallKey('getFacets', [query]), this.catalog.getFacets(query));
  }

  getProduct(id: string): Promise<Outcome<Product, ProductNotFound>> {
    return this.record(catalogCallKey('getProduct', [id]), this.catalog.getProduct(id));
  }

  getRelated(productId: string): Promise<Outcome<Product[]>> {
    return this.record(catalogCallKey('getRelated', [productId]), this.catalog.getRelated(productId));
  }

  listCategories(): Promise<Outcome<Category[]>> {
    return this.record(catalogCallKey('listCategories', []), this.catalog.listCategories());
  }

  getLegalTexts(): Promise<Outcome<LegalTexts>> {
    return this.record(catalogCallKey('getLegalTexts', []), this.catalog.getLegalTexts());
  }

  getSeller(): Promise<Outcome<Seller>> {
    return this.record(catalogCallKey('getSeller', []), this.catalog.getSeller());
  }

  private async record<T, R extends string = never>(key: string, call: Promise<Outcome<T, R>>): Promise<Outcome<T, R>> {
    const outcome = await call;
    this.recorded.set(key, outcome);
    return outcome;
  }
}
