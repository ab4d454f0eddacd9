import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { productSorts } from '@shop/core/domain/product-search';
import { CATALOG_PAGES, catalogPagesFeature } from '../../di/modules/catalog-pages-module';
import { useStore } from '../../di/react';
import { DEFAULT_SEARCH_VIEW, searchText } from '../../stores/catalog/search-store';
import { messages } from '../../texts/messages';
import { activeFilterCount } from '../../stores/catalog/listing-filters';
import { CategoryTree } from '../catalog/category-tree';
import { ListingFilters, NoFilterMatches } from '../catalog/filter-panel';
import { ListingToolbar } from '../catalog/listing-toolbar';
import { ListedPage } from '../catalog/product-grid';
import { useListingFilters } from '../catalog/use-listing-filters';
import { useListingView } from '../catalog/use-listing-view';
import { EmptyText, ErrorText, LoadingText } from '../shared/status-text';
import type { PageModule } from '../../shell/page-module';
import './search-page.css';

/**
 * /search?q=…&sort=…&page=… (D18): the products matching the text, 24 a page, best matches
 * first unless the shopper picks another order, narrowed by the filter panel (D25); text, page,
 * order and filters in the URL.
 */
export const SearchPage = observer(function SearchPage() {
  const store = useStore(CATALOG_PAGES.search);
  const [params] = useSearchParams();
  const q = searchText(params.get('q') ?? '');
  const { view, hrefFor, sortBy } = useListingView(productSorts, DEFAULT_SEARCH_VIEW);
  const { filters, hrefWith, panel } = useListingFilters();

  useEffect(() => {
    void store.open(q, view, filters);
  }, [store, q, view, filters]);

  const state = store.state;
  return (
    <section className="page search-page">
      <h1>{q === '' ? messages.search.title : messages.search.resultsTitle(q)}</h1>
      {state.status === 'idle' ? <p className="page__note">{messages.search.prompt}</p> : null}
      <div className="listing-layout">
        {state.status === 'idle' ? null : (
          <ListingFilters {...panel} facets={store.facets} total={state.status === 'loaded' ? state.data.total : null} />
        )}
        <div className="listing-layout__results">
          {state.status === 'idle' ? null : (
            <ListingToolbar
              total={state.status === 'loaded' ? state.data.total : null}
              sorts={productSorts}
              sort={view.sort}
              onSort={sortBy}
            />
          )}
          {state.status === 'loading' ? <LoadingText>{messages.home.loadingProducts}</LoadingText> : null}
          {state.status === 'error' ? <ErrorText>{messages.home.errorFetchingProducts(state.message)}</ErrorText> : null}
          {state.status === 'loaded' && state.data.total === 0 && activeFilterCount(filters) > 0 ? (
            <NoFilterMatches clearHref={hrefWith({})} />
          ) : null}
          {state.status === 'loaded' && state.data.total === 0 && activeFilterCount(filters) === 0 ? (
            <div className="search-page__none">
              <EmptyText>{messages.search.noResults(q)}</EmptyText>
              <p>{messages.search.tryCategories}</p>
              <CategoryTree label={messages.search.browseCategories} onPage />
            </div>
          ) : null}
          <ListedPage listing={store} hrefFor={(page) => hrefFor({ ...view, page })} />
        </div>
      </div>
    </section>
  );
});

export const searchPage: PageModule = { Component: SearchPage, features: [catalogPagesFeature] };
