import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import type { Category } from '@shop/core/domain/category';
import { findCategory } from '@shop/core/domain/category-tree';
import { productSorts } from '@shop/core/domain/product-search';
import { DEFAULT_LIST_VIEW } from '../../stores/catalog/product-list-store';
import { messages } from '../../texts/messages';
import { CATALOG_PAGES, catalogPagesFeature } from '../../di/modules/catalog-pages-module';
import { CORE } from '../../di/modules/core-module';
import { storeIn, useStore } from '../../di/react';
import { EmptyText, ErrorText, LoadingText } from '../shared/status-text';
import { ListingFilters, NoFilterMatches } from './filter-panel';
import { ListingToolbar } from './listing-toolbar';
import { ListedPage } from './product-grid';
import type { PageModule } from '../../shell/page-module';
import { listingViewFrom } from './listing-url';
import { useListingView } from './use-listing-view';
import { activeFilterCount, filtersFromSearch } from '../../stores/catalog/listing-filters';
import { useListingFilters } from './use-listing-filters';
import './product-list-page.css';

/** The `categories` navigation state, when it came along and looks like a category list. */
function navigationCategories(state: unknown): Category[] | null {
  if (typeof state !== 'object' || state === null || !('categories' in state)) return null;
  const { categories } = state;
  return Array.isArray(categories) ? (categories as Category[]) : null;
}

/**
 * /productlist/ and /productlist/{catId}: one fresh list per category (SPEC section 2), 24 a
 * page in the chosen order, page and order in the URL (D18), narrowed by the filter panel's
 * choices, also in the URL (D25).
 */
export function ProductListPage() {
  const id = listedCategory(useParams().catId);
  if (id === null) return <ProductList key="all" categoryId={null} />;
  if (id === undefined) {
    return (
      <section className="page">
        <h1>{messages.catalog.unknownCategory}</h1>
        <EmptyText>{messages.catalog.noProducts}</EmptyText>
      </section>
    );
  }
  return <ProductList key={id} categoryId={id} />;
}

/** The category id of `/productlist/{catId}`: null for all products, undefined for an id that is no number. */
export function listedCategory(catId: string | undefined): number | null | undefined {
  if (catId === undefined || catId === '') return null;
  const id = Number(catId);
  return Number.isInteger(id) ? id : undefined;
}

/** A category list offers every order but 'best match': without search text there is nothing to match. */
export const LIST_SORTS = productSorts.filter((sort) => sort !== 'relevance');

/** One store per listing: all products, or one category (its pages and orders share it). */
export function listStoreKey(categoryId: number | null): string {
  return categoryId === null ? 'all' : String(categoryId);
}

const ProductList = observer(function ProductList({ categoryId }: { categoryId: number | null }) {
  const store = useStore(CATALOG_PAGES.productList, listStoreKey(categoryId));
  const alerts = useStore(CORE.alerts);
  const location = useLocation();
  const fromNavigation = navigationCategories(location.state);
  const [initialCategories] = useState(fromNavigation);
  const { view, hrefFor, sortBy } = useListingView(LIST_SORTS, DEFAULT_LIST_VIEW);
  const { filters, hrefWith, panel } = useListingFilters();

  useEffect(() => {
    void store.open(categoryId, initialCategories, view, filters);
  }, [store, categoryId, initialCategories, view, filters]);

  const state = store.state;
  let title: string | null = null;
  if (categoryId === null) title = messages.catalog.allProductsTitle;
  else if (store.category !== undefined) title = store.category?.categoryName ?? messages.catalog.unknownCategory;
  else if (initialCategories) title = findCategory(initialCategories, categoryId)?.categoryName ?? null;

  return (
    <section className="page product-list">
      {/* Until the category's name is known, its line is kept, so the list below does not move. */}
      {title !== null ? <h1>{title}</h1> : <div className="product-list__title-slot" aria-hidden="true" />}
      <p className="page__note">{messages.catalog.allProductsNote}</p>
      <div className="listing-layout">
        {/* No panel for a list whose categories could not be read: it has no products to count. */}
        {state.status === 'error' && state.source === 'categories' ? null : (
          <ListingFilters {...panel} facets={store.facets} total={state.status === 'loaded' ? state.data.total : null} />
        )}
        <div className="listing-layout__results">
          <ListingToolbar total={state.status === 'loaded' ? state.data.total : null} sorts={LIST_SORTS} sort={view.sort} onSort={sortBy} />
          {state.status === 'loading' ? <LoadingText>{messages.home.loadingProducts}</LoadingText> : null}
          {state.status === 'error' ? (
            <ErrorText>
              {state.source === 'categories'
                ? messages.catalog.errorFetchingCategories(state.message)
                : messages.home.errorFetchingProducts(state.message)}
            </ErrorText>
          ) : null}
          {state.status === 'loaded' && state.data.total === 0 ? (
            activeFilterCount(filters) > 0 ? (
              <NoFilterMatches clearHref={hrefWith({})} />
            ) : (
              <EmptyText>{messages.catalog.noProducts}</EmptyText>
            )
          ) : null}
          <ListedPage
            listing={store}
            hrefFor={(page) => hrefFor({ ...view, page })}
            onOpen={() => alerts.show(messages.catalog.productClicked)}
          />
        </div>
      </div>
    </section>
  );
});

export const productListPage: PageModule = {
  Component: ProductListPage,
  features: [catalogPagesFeature],
  prepare: async (container, { params, search }) => {
    const id = listedCategory(params.catId);
    if (id === undefined) return;
    await storeIn(container, CATALOG_PAGES.productList, listStoreKey(id)).open(
      id,
      null,
      listingViewFrom(search, LIST_SORTS, DEFAULT_LIST_VIEW),
      filtersFromSearch(search),
    );
  },
  head: (container, { params }) => {
    const id = listedCategory(params.catId);
    const store = id === undefined ? undefined : storeIn(container, CATALOG_PAGES.productList, listStoreKey(id));
    if (id === undefined || (id !== null && store?.category === null)) {
      return {
        title: messages.head.pageTitle(messages.catalog.unknownCategory),
        description: messages.head.notFoundDescription,
        status: 404,
      };
    }
    const name = id === null ? messages.catalog.allProductsTitle : (store?.category?.categoryName ?? messages.catalog.allProductsTitle);
    const state = store?.state;
    return {
      title: messages.head.pageTitle(name),
      description: state?.status === 'loaded' ? messages.head.listDescription(name, state.data.total) : messages.head.shopDescription,
    };
  },
};
