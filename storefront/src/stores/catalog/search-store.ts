import { makeAutoObservable, observableRef } from 'mobx';
import { normalizeSearchText, SEARCH_TEXT_MAX } from '@shop/core/domain/product-search';
import type { CatalogGateway, ProductFilters, ProductPage } from '@shop/core/ports/catalog-gateway';
import { type LoadState, settle } from '../load-state';
import { ListingFacets, queryFilters } from './listing-filters';
import { type ListingView, pageCountOf, pageWindow } from './product-paging';

/** No search yet (no text, or nothing searchable in it), or a search's page as a LoadState. */
export type SearchState = { status: 'idle' } | LoadState<ProductPage>;

/** Search results start with the best matches first (D18). */
export const DEFAULT_SEARCH_VIEW: ListingView = { sort: 'relevance', page: 1 };

/** The text as sent: trimmed, at most SEARCH_TEXT_MAX characters (the API's limit, D18). */
export function searchText(text: string): string {
  return text.trim().slice(0, SEARCH_TEXT_MAX).trim();
}

/** /search: one page of the products matching a text, in the order the shopper chose (D18). */
export class SearchStore {
  state: SearchState = { status: 'idle' };
  /** The text searched for last ('' before any search). */
  query = '';
  view: ListingView = DEFAULT_SEARCH_VIEW;
  /** The filters asked for last (D25), normalized. */
  filters: ProductFilters = {};
  /** The filter panel's counts for this text and its filters. */
  readonly facets: ListingFacets;

  private request = 0;

  constructor(private readonly catalog: CatalogGateway) {
    this.facets = new ListingFacets(catalog);
    makeAutoObservable<this, 'catalog' | 'request'>(
      this,
      { state: observableRef, view: observableRef, filters: observableRef, facets: false, catalog: false, request: false },
      { autoBind: true },
    );
  }

  get pageCount(): number {
    return this.state.status === 'loaded' ? pageCountOf(this.state.data.total) : 1;
  }

  /** A page number past the last page: the search matches products, this page has none. */
  get pastLastPage(): boolean {
    return this.state.status === 'loaded' && this.state.data.products.length === 0 && this.state.data.total > 0;
  }

  /**
   * Searches for `text` (the page and order from `view`, narrowed by `filters`), and loads the
   * filter panel's counts for the text and filters (kept for another page or order). A text with nothing to search for
   * (empty, blanks, only punctuation) sends no request and leaves the page idle.
   */
  async open(text: string, view: ListingView = DEFAULT_SEARCH_VIEW, filters: ProductFilters = {}): Promise<void> {
    const request = ++this.request;
    const q = searchText(text);
    const narrowed = queryFilters(filters);
    this.query = q;
    this.view = view;
    this.filters = narrowed.filters ?? {};
    if (normalizeSearchText(q) === '') {
      this.state = { status: 'idle' };
      return;
    }
    this.state = { status: 'loading' };
    const [page] = await Promise.all([
      settle(this.catalog.listProductPage({ q, ...narrowed, ...pageWindow(view) })),
      this.facets.load({ q, ...narrowed }),
    ]);
    if (request === this.request) this.apply(page);
  }

  private apply(state: SearchState): void {
    this.state = state;
  }
}
