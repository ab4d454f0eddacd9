import { makeAutoObservable, observableRef } from 'mobx';
import type { Category } from '@shop/core/domain/category';
import { descendantIds, findCategory } from '@shop/core/domain/category-tree';
import type { CatalogGateway, ProductFilters, ProductPage, ProductPageQuery } from '@shop/core/ports/catalog-gateway';
import type { CategoryStore } from './category-store';
import { ListingFacets, queryFilters } from './listing-filters';
import { type ListingView, pageCountOf, pageWindow } from './product-paging';
import { settle } from '../load-state';

export interface ProductListing extends ProductPage {
  /** null on /productlist/ (all products) and for an id the category list does not know. */
  category: Category | null;
}

export type ProductListState =
  | { status: 'loading' }
  | { status: 'error'; source: 'categories' | 'products'; message: string }
  | { status: 'loaded'; data: ProductListing };

/** A category list starts in the catalogue's own order, by name (D18). */
export const DEFAULT_LIST_VIEW: ListingView = { sort: 'name', page: 1 };

/**
 * One product list page: the products of a category and all its descendants (SPEC section 2),
 * a page of 24 at a time in the order the shopper chose (D18). The category list comes as
 * navigation state when the shopper clicked through the tree, and is fetched (shared with the
 * sidebar) when the page was opened from a link.
 */
export class ProductListStore {
  state: ProductListState = { status: 'loading' };
  /** The page and order asked for last. */
  view: ListingView = DEFAULT_LIST_VIEW;
  /** The category once known (null: all products, or an unknown id); kept while another page loads. */
  category: Category | null | undefined = undefined;
  /** The filters asked for last (D25), normalized. */
  filters: ProductFilters = {};
  /** The filter panel's counts for this list and its filters. */
  readonly facets: ListingFacets;

  private request = 0;
  /** What the latest `open` asked for, and its load. */
  private opened: { key: string; done: Promise<void> } | undefined;

  constructor(
    private readonly catalog: CatalogGateway,
    private readonly categories: CategoryStore,
  ) {
    this.facets = new ListingFacets(catalog);
    makeAutoObservable<this, 'catalog' | 'categories' | 'request' | 'opened'>(
      this,
      // Replaced, never mutated: products stay plain objects.
      {
        state: observableRef,
        view: observableRef,
        category: observableRef,
        filters: observableRef,
        facets: false,
        catalog: false,
        categories: false,
        request: false,
        opened: false,
      },
      { autoBind: true },
    );
  }

  /** Pages the listing fills (1 until it has loaded). */
  get pageCount(): number {
    return this.state.status === 'loaded' ? pageCountOf(this.state.data.total) : 1;
  }

  /** A page number past the last page: the listing has products, this page has none. */
  get pastLastPage(): boolean {
    return this.state.status === 'loaded' && this.state.data.products.length === 0 && this.state.data.total > 0;
  }

  /**
   * `categoryId` null lists every product; `fromNavigation` is the `categories` navigation
   * state; `view` the page and order and `filters` the filters (from the URL), whose panel's
   * counts load alongside. Asking again for the page being shown (or
   * loaded) sends nothing: the load before a server render (or before hydrating one) and the
   * page's own call share one request. A page that failed is asked for again.
   */
  open(
    categoryId: number | null,
    fromNavigation: readonly Category[] | null,
    view: ListingView = DEFAULT_LIST_VIEW,
    filters: ProductFilters = {},
  ): Promise<void> {
    const narrowed = queryFilters(filters);
    const key = JSON.stringify([categoryId, view.sort, view.page, narrowed]);
    if (this.opened?.key === key && this.state.status !== 'error') return this.opened.done;
    this.opened = { key, done: this.load(categoryId, fromNavigation, view, narrowed) };
    return this.opened.done;
  }

  private async load(
    categoryId: number | null,
    fromNavigation: readonly Category[] | null,
    view: ListingView,
    narrowed: { filters?: ProductFilters },
  ): Promise<void> {
    const request = ++this.request;
    this.state = { status: 'loading' };
    this.view = view;
    this.filters = narrowed.filters ?? {};

    let category: Category | null = null;
    let filter: ProductPageQuery['filter'];
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
      filter = { allCategoryIds: descendantIds(list, categoryId) };
    }
    this.settleCategory(request, category);

    const within = filter ? { filter } : {};
    const [page] = await Promise.all([
      settle(this.catalog.listProductPage({ ...within, ...narrowed, ...pageWindow(view) })),
      this.facets.load({ ...within, ...narrowed }),
    ]);
    this.apply(
      request,
      page.status === 'loaded'
        ? { status: 'loaded', data: { category, ...page.data } }
        : page.status === 'error'
          ? { status: 'error', source: 'products', message: page.message }
          : page,
    );
  }

  private settleCategory(request: number, category: Category | null): void {
    if (request === this.request) this.category = category;
  }

  /** Only the latest `open` may write: an older answer arriving late is dropped. */
  private apply(request: number, state: ProductListState): void {
    if (request === this.request) this.state = state;
  }
}
