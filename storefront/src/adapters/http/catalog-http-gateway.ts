import type { Category } from '@shop/core/domain/category';
import type { LegalTexts, Seller } from '@shop/core/domain/legal';
import type { Product } from '@shop/core/domain/product';
import type { Outcome } from '@shop/core/domain/outcome';
import type {
  CatalogGateway,
  ProductFacets,
  ProductFacetsQuery,
  ProductNotFound,
  ProductPage,
  ProductPageQuery,
  ProductQuery,
} from '@shop/core/ports/catalog-gateway';
import type { HttpClient } from './http-client';
import { toOutcome } from './to-outcome';
import { TOTAL_COUNT, totalCount } from './total-count';
import { wireFacetsSchema } from './wire/facets-wire';
import { wireLegalTextsSchema } from './wire/legal-wire';
import { toCategory, toProduct, wireCategoryListSchema, wireProductListSchema, wireProductSchema } from './wire/catalog-wire';

export class CatalogHttpGateway implements CatalogGateway {
  constructor(private readonly http: HttpClient) {}

  /** The query is the body as is: `{ allCategoryIds }`, `{ collection }` (D3) or `{}` (whole catalogue). */
  async listProducts(query: ProductQuery): Promise<Outcome<Product[]>> {
    const response = await this.http.request('POST', '/api/product', { body: query });
    return toOutcome(response, wireProductListSchema, (list) => list.map((wire) => toProduct(wire, this.http.baseUrl)));
  }

  /**
   * One page (D18): the filter's fields, then `q` (only when there is one), the D25 filters' fields
   * (those given), `sort`, `limit` and `offset` in the body; the total from X-Total-Count (see
   * totalCount for a missing header).
   */
  async listProductPage({ filter, q, sort, filters, limit, offset }: ProductPageQuery): Promise<Outcome<ProductPage>> {
    const body = { ...listBody({ filter, q, filters }), ...(sort === undefined ? {} : { sort }), limit, offset };
    const response = await this.http.request('POST', '/api/product', { body, readHeaders: [TOTAL_COUNT] });
    return toOutcome(response, wireProductListSchema, (list) => ({
      products: list.map((wire) => toProduct(wire, this.http.baseUrl)),
      total: totalCount(response, offset, list.length),
    }));
  }

  /** The filter panel's counts (D25): the same body as a page's, without order and window. */
  async getFacets(query: ProductFacetsQuery): Promise<Outcome<ProductFacets>> {
    return toOutcome(await this.http.request('POST', '/api/product/facets', { body: listBody(query) }), wireFacetsSchema);
  }

  async getProduct(id: string): Promise<Outcome<Product, ProductNotFound>> {
    const response = await this.http.request('GET', `/api/product/${encodeURIComponent(id)}`);
    return toOutcome(response, wireProductSchema, (wire) => toProduct(wire, this.http.baseUrl), { 404: 'not-found' as const });
  }

  async getRelated(productId: string): Promise<Outcome<Product[]>> {
    const response = await this.http.request('GET', `/api/product/${encodeURIComponent(productId)}/related`);
    return toOutcome(response, wireProductListSchema, (list) => list.map((wire) => toProduct(wire, this.http.baseUrl)));
  }

  async listCategories(): Promise<Outcome<Category[]>> {
    const response = await this.http.request('GET', '/api/Category');
    return toOutcome(response, wireCategoryListSchema, (list) => list.map(toCategory));
  }

  async getLegalTexts(): Promise<Outcome<LegalTexts>> {
    return toOutcome(await this.http.request('GET', '/api/legal'), wireLegalTextsSchema);
  }

  async getSeller(): Promise<Outcome<Seller>> {
    return toOutcome(await this.http.request('GET', '/api/legal'), wireLegalTextsSchema, (texts) => texts.seller);
  }
}

/** What a list is narrowed by, as body fields: the filter's, `q` when there is one, the D25 filters given. */
function listBody({ filter, q, filters = {} }: ProductFacetsQuery): Record<string, unknown> {
  const { minPrice, maxPrice, options, inStock } = filters;
  return {
    ...filter,
    ...(q === undefined ? {} : { q }),
    ...(minPrice === undefined ? {} : { minPrice }),
    ...(maxPrice === undefined ? {} : { maxPrice }),
    ...(options === undefined ? {} : { options }),
    ...(inStock === undefined ? {} : { inStock }),
  };
}
