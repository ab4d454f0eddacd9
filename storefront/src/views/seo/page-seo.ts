import { matchPath } from 'react-router-dom';
import type { Category } from '@shop/core/domain/category';
import { CATALOG } from '../../di/modules/catalog-module';
import { CATALOG_PAGES } from '../../di/modules/catalog-pages-module';
import { type ServiceContainer, storeIn } from '../../di/react';
import { messages } from '../../texts/messages';
import { listedCategory, listStoreKey } from '../catalog/product-list-page';
import {
  absoluteUrl,
  breadcrumbStructuredData,
  categoryCrumbs,
  categoryPath,
  type Crumb,
  productPath,
  productStructuredData,
  type StructuredData,
} from './structured-data';

/** What a page tells search engines (D25): its canonical address and its JSON-LD. */
export interface PageSeo {
  canonical?: string;
  structuredData: StructuredData[];
}

const NOTHING: PageSeo = { structuredData: [] };

/**
 * What the page at `url` tells search engines, from its loaded stores (after prepareRoute), with
 * every address on `origin` (PUBLIC_URL): the home page and the product lists their canonical
 * address (a list's page kept only past the first, and only unfiltered; its order, filters and any
 * other parameter left out),
 * a list its category path as a `BreadcrumbList`; a product page its canonical address (without
 * `?variant=` or anything else) and its `Product`. A page that shows nothing found tells nothing.
 * The product page carries no breadcrumb: a product as the catalogue answers it names no category.
 */
export function pageSeo(container: ServiceContainer, url: URL, origin: string): PageSeo {
  const { pathname } = url;
  if (matchPath('/', pathname)) return { canonical: absoluteUrl('/', origin), structuredData: [] };
  const product = matchPath('/product/:id', pathname);
  if (product) return productSeo(container, product.params.id ?? '', origin);
  const list = matchPath('/productlist/:catId?', pathname);
  if (list) return listSeo(container, listedCategory(list.params.catId), url.searchParams, origin);
  return NOTHING;
}

function productSeo(container: ServiceContainer, id: string, origin: string): PageSeo {
  const state = storeIn(container, CATALOG_PAGES.productDetail, id).product;
  if (state.status !== 'loaded') return NOTHING;
  return { canonical: absoluteUrl(productPath(state.data._id), origin), structuredData: [productStructuredData(state.data, origin)] };
}

function listSeo(container: ServiceContainer, id: number | null | undefined, search: URLSearchParams, origin: string): PageSeo {
  if (id === undefined) return NOTHING;
  const store = storeIn(container, CATALOG_PAGES.productList, listStoreKey(id));
  const { category, state, view } = store;
  if (state.status !== 'loaded' || (id !== null && !category)) return NOTHING;
  const path = id === null ? ALL_PRODUCTS_PATH : categoryPath(id);
  // A filtered list's pages are not the list's: its canonical page is the whole list's first.
  const filtered = [...search.keys()].some((name) => name !== 'page' && name !== 'sort');
  const canonical = absoluteUrl(view.page > 1 && !filtered ? `${path}?page=${view.page}` : path, origin);
  return { canonical, structuredData: [breadcrumbStructuredData([HOME, ...listCrumbs(container, category ?? null, path)], origin)] };
}

const HOME: Crumb = { name: messages.layout.home, path: '/' };
const ALL_PRODUCTS_PATH = '/productlist/';

/** The list's place in the shop: all products, or the category's path from its top-level category (itself alone when the tree is not at hand). */
function listCrumbs(container: ServiceContainer, category: Category | null, path: string): Crumb[] {
  if (category === null) return [{ name: messages.catalog.allProductsTitle, path }];
  const categories = container.get(CATALOG.categories).state;
  const trail = categories.status === 'loaded' ? categoryCrumbs(categories.data, category.categoryId) : [];
  return trail.length > 0 ? trail : [{ name: category.categoryName, path }];
}
