import type { Outcome } from '@shop/core/domain/outcome';
import type { CatalogGateway, ProductFacetsQuery, ProductPageQuery, ProductQuery } from '@shop/core/ports/catalog-gateway';
import { catalogCallKey } from './catalog-answers';

/**
 * A catalogue that answers each call through `answer`, named by its key (catalogCallKey): the
 * server's recording and the browser's priming (D17) name the same call alike.
 */
export abstract class KeyedCatalogGateway implements CatalogGateway {
  constructor(protected readonly catalog: CatalogGateway) {}

  /** The answer to the call named `key`; `ask` asks `catalog`. */
  protected abstract answer<T extends Outcome<unknown, string>>(key: string, ask: () => Promise<T>): Promise<T>;

  listProducts(query: ProductQuery) {
    return this.answer(catalogCallKey('listProducts', [query]), () => this.catalog.listProducts(query));
  }

  listProductPage(query: ProductPageQuery) {
    return this.answer(catalogCallKey('listProductPage', [query]), () => this.catalog.listProductPage(query));
  }

  getFacets(query: ProductFacetsQuery) {
    return this.answer(catalogCallKey('getFacets', [query]), () => this.catalog.getFacets(query));
  }

  getProduct(id: string) {
    return this.answer(catalogCallKey('getProduct', [id]), () => this.catalog.getProduct(id));
  }

  getRelated(productId: string) {
    return this.answer(catalogCallKey('getRelated', [productId]), () => this.catalog.getRelated(productId));
  }

  listCategories() {
    return this.answer(catalogCallKey('listCategories', []), () => this.catalog.listCategories());
  }

  getLegalTexts() {
    return this.answer(catalogCallKey('getLegalTexts', []), () => this.catalog.getLegalTexts());
  }

  getSeller() {
    return this.answer(catalogCallKey('getSeller', []), () => this.catalog.getSeller());
  }
}
