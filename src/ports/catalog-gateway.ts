import type { Category } from '../domain/category';
import type { Collection, Product } from '../domain/product';
import type { Outcome } from '../domain/outcome';

/** What the product list call filters by: categories (SPEC), a home collection (D3), or nothing. */
export type ProductQuery = { allCategoryIds: number[] } | { collection: Collection } | Record<string, never>;

export interface CatalogGateway {
  /** POST /api/product */
  listProducts(query: ProductQuery): Promise<Outcome<Product[]>>;
  /** GET /api/product/{id} */
  getProduct(id: string): Promise<Outcome<Product>>;
  /** GET /api/Category */
  listCategories(): Promise<Outcome<Category[]>>;
}
