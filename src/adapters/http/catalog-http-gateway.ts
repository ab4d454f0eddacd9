import type { Category } from '../../domain/category';
import type { Product } from '../../domain/product';
import type { Outcome } from '../../domain/outcome';
import type { CatalogGateway, ProductQuery } from '../../ports/catalog-gateway';
import type { HttpClient } from './http-client';
import { toOutcome } from './to-outcome';
import { toCategory, toProduct, wireCategoryListSchema, wireProductListSchema, wireProductSchema } from './wire/catalog-wire';

export class CatalogHttpGateway implements CatalogGateway {
  constructor(private readonly http: HttpClient) {}

  /** The query is the body as is: `{ allCategoryIds }`, `{ collection }` (D3) or `{}` (whole catalogue). */
  async listProducts(query: ProductQuery): Promise<Outcome<Product[]>> {
    const response = await this.http.request('POST', '/api/product', { body: query });
    return toOutcome(response, wireProductListSchema, (list) => list.map((wire) => toProduct(wire, this.http.baseUrl)));
  }

  async getProduct(id: string): Promise<Outcome<Product>> {
    const response = await this.http.request('GET', `/api/product/${encodeURIComponent(id)}`);
    return toOutcome(response, wireProductSchema, (wire) => toProduct(wire, this.http.baseUrl));
  }

  async listCategories(): Promise<Outcome<Category[]>> {
    const response = await this.http.request('GET', '/api/Category');
    return toOutcome(response, wireCategoryListSchema, (list) => list.map(toCategory));
  }
}
