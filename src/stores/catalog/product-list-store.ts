import { makeAutoObservable, observableRef } from 'mobx';
import type { Category } from '../../domain/category';
import { descendantIds, findCategory } from '../../domain/category-tree';
import type { Product } from '../../domain/product';
import type { CatalogGateway, ProductQuery } from '../../ports/catalog-gateway';
import type { CategoryStore } from './category-store';
import { settle } from '../load-state';

export interface ProductListing {
  /** null on /productlist/ (all products) and for an id the category list does not know. */
  category: Category | null;
  products: Product[];
}

export type ProductListState =
  | { status: 'loading' }
  | { status: 'error'; source: 'categories' | 'products'; message: string }
  | { status: 'loaded'; data: ProductListing };

/**
 * One product list page: the products of a category and all its descendants (SPEC section 2).
 * The category list comes as navigation state when the shopper clicked through the tree, and is
 * fetched (shared with the sidebar) when the page was opened from a link.
 */
export class ProductListStore {
  state: ProductListState = { status: 'loading' };

  private request = 0;

  constructor(
    private readonly catalog: CatalogGateway,
    private readonly categories: CategoryStore,
  ) {
    makeAutoObservable<this, 'catalog' | 'categories' | 'request'>(
      this,
      // Replaced, never mutated: products stay plain objects.
      { state: observableRef, catalog: false, categories: false, request: false },
      { autoBind: true },
    );
  }

  /** `categoryId` null lists every product; `fromNavigation` is the `categories` navigation state. */
  async open(categoryId: number | null, fromNavigation: readonly Category[] | null): Promise<void> {
    const request = ++this.request;
    this.state = { status: 'loading' };

    let category: Category | null = null;
    let query: ProductQuery = {};
    if (categoryId !== null) {
      let list = fromNavigation;
      if (list === null) {
        const loaded = await this.categories.load();
        if (loaded.status === 'error') {
          this.apply(request, { status: 'error', source: 'categories', message: loaded.message });
          return;
        }
        list = loaded.status === 'loaded' ? loaded.data : [];
      }
      category = findCategory(list, categoryId) ?? null;
      query = { allCategoryIds: descendantIds(list, categoryId) };
    }

    const products = await settle(this.catalog.listProducts(query));
    this.apply(
      request,
      products.status === 'loaded'
        ? { status: 'loaded', data: { category, products: products.data } }
        : products.status === 'error'
          ? { status: 'error', source: 'products', message: products.message }
          : products,
    );
  }

  /** Only the latest `open` may write: an older answer arriving late is dropped. */
  private apply(request: number, state: ProductListState): void {
    if (request === this.request) this.state = state;
  }
}
