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
 * The browser's catalogue when the page was rendered on the server (D17): a call the server
 * answered for that render is answered from the page, once, with no request, so hydration reads
 * exactly what the server rendered; every other call (and the same call later) goes to `catalog`.
 */
export class PrimedCatalogGateway implements CatalogGateway {
  private readonly primed: Map<string, Outcome<unknown, string>>;

  constructor(
    private readonly catalog: CatalogGateway,
    answers: readonly CatalogAnswer[],
  ) {
    this.primed = new Map(answers);
  }

  listProducts(query: ProductQuery): Promise<Outcome<Product[]>> {
    return this.answer(catalogCallKey('listProducts', [query])) ?? this.catalog.listProducts(query);
  }

  listProductPage(query: ProductPageQuery): Promise<Outcome<ProductPage>> {
    return this.answer(catalogCallKey('listProductPage', [query])) ?? this.catalog.listProductPage(query);
  }

  getFacets(query: ProductFacetsQuery): Promise<Outcome<ProductFacets>> {
    return this.answer(catalogCallKey('getFacets', [query])) ?? this.catalog.getFacets(query);
  }

  getProduct(id: string): Promise<Outcome<Product, ProductNotFound>> {
    return this.answer(catalogCallKey('getProduct', [id])) ?? this.catalog.getProduct(id);
  }

  getRelated(productId: string): Promise<Outcome<Product[]>> {
    return this.answer(catalogCallKey('getRelated', [productId])) ?? this.catalog.getRelated(productId);
  }

  listCategories(): Promise<Outcome<Category[]>> {
    return this.answer(catalogCallKey('listCategories', [])) ?? this.catalog.listCategories();
  }

  getLegalTexts(): Promise<Outcome<LegalTexts>> {
    return this.answer(catalogCallKey('getLegalTexts', [])) ?? this.catalog.getLegalTexts();
  }

  getSeller(): Promise<Outcome<Seller>> {
    return this.answer(catalogCallKey('getSeller', [])) ?? this.catalog.getSeller();
  }

  /** The server's answer to `key`, handed out once. Its shape is the port's: the server's gateway made it. */
  private answer<T, R extends string = never>(key: string): Promise<Outcome<T, R>> | undefined {
    const outcome = this.primed.get(key);
    if (outcome === undefined) return undefined;
    this.primed.delete(key);
    return Promise.resolve(outcome as Outcome<T, R>);
  }
}
