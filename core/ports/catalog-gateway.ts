import type { Category } from '../domain/category';
import type { LegalTexts, Seller } from '../domain/legal';
import type { Collection, Product, ProductPage, ProductQuery } from '../domain/product';
import type { Outcome } from '../domain/outcome';
import type { ProductSort } from '../domain/product-search';

export type { ProductPage, ProductQuery };

/**
 * One page of a product listing (D18): an optional filter, optional search text, an order, and
 * the window (`limit` products from `offset`).
 */
export interface ProductPageQuery {
  filter?: { allCategoryIds: number[] } | { collection: Collection };
  /** Search text; left out when there is none. */
  q?: string;
  sort?: ProductSort;
  /** D25 filters (docs/products.md); left out when none is active. */
  filters?: ProductFilters;
  limit: number;
  offset: number;
}

/** What a filter panel counts over (POST /api/product/facets): a page's list, search text and filters, without order or window. */
export type ProductFacetsQuery = Pick<ProductPageQuery, 'filter' | 'q' | 'filters'>;

/** What a list is narrowed by besides its category and search text (D25, docs/products.md). */
export interface ProductFilters {
  /** Dollars, inclusive. */
  minPrice?: number;
  maxPrice?: number;
  /** Option name -> the values any of which will do; options are all required. */
  options?: Record<string, string[]>;
  /** Only what can be bought now. */
  inStock?: boolean;
}

/** The counts a filter panel shows (POST /api/product/facets), each reflecting every other active filter. */
export interface ProductFacets {
  total: number;
  price: { min: number; max: number } | null;
  inStock: number;
  options: { name: string; values: { value: string; count: number }[] }[];
}

/** Why GET /api/product/{id} was refused: the catalogue has no such product (any more). */
export type ProductNotFound = 'not-found';

export interface CatalogGateway {
  /** POST /api/product */
  listProducts(query: ProductQuery): Promise<Outcome<Product[]>>;
  /** POST /api/product with q/sort/limit/offset; the total from X-Total-Count (D18). */
  listProductPage(query: ProductPageQuery): Promise<Outcome<ProductPage>>;
  /** POST /api/product/facets (D25): the filter panel's counts for a list, its search text and its filters. */
  getFacets(query: ProductFacetsQuery): Promise<Outcome<ProductFacets>>;
  /** GET /api/product/{id}; a product the catalogue does not have (404) is refused as 'not-found'. */
  getProduct(id: string): Promise<Outcome<Product, ProductNotFound>>;
  /** GET /api/product/{id}/related (D25): at most 8 products to show with product `productId`, never itself. */
  getRelated(productId: string): Promise<Outcome<Product[]>>;
  /** GET /api/Category */
  listCategories(): Promise<Outcome<Category[]>>;
  /**
   * GET /api/legal (D24): the seller, the privacy notice and the contract templates. Public like
   * the catalogue, so a server render answers it the same way (/privacy, /terms).
   */
  getLegalTexts(): Promise<Outcome<LegalTexts>>;
  /** The seller alone, for the footer of every page: GET /api/legal's `seller` (the same cached answer). */
  getSeller(): Promise<Outcome<Seller>>;
}
