import type { BreadcrumbList, ItemAvailability, Offer, Product as SchemaProduct, WithContext } from 'schema-dts';
import type { Category } from '@shop/core/domain/category';
import type { Product } from '@shop/core/domain/product';
import { hasVariants, LOW_STOCK, variantPrice } from '@shop/core/domain/stock';

/**
 * What search engines read of the shop's pages (D25, docs/products.md "Search engines"):
 * schema.org JSON-LD, typed by schema-dts (Google's schema.org types), every URL absolute on the
 * shop's public origin (PUBLIC_URL). Pure: the server renders the result into the page's head.
 */

/** One JSON-LD document the page carries. */
export type StructuredData = WithContext<SchemaProduct> | WithContext<BreadcrumbList>;

/** The shop's currency: every price is in dollars (SPEC). */
const CURRENCY = 'USD';

/** `path` (or an already absolute URL, such as a picture on an API elsewhere) on the shop's origin. */
export function absoluteUrl(path: string, origin: string): string {
  return new URL(path, `${origin}/`).href;
}

/** The address of a product's page, with its variant chosen (`?variant=`, as the page keeps it) when named. */
export function productPath(productId: string, variantId?: string): string {
  const path = `/product/${encodeURIComponent(productId)}`;
  return variantId === undefined ? path : `${path}?variant=${encodeURIComponent(variantId)}`;
}

/**
 * How available a stock level is, as the shop says it (core/domain/stock.ts): untracked or more
 * than LOW_STOCK left is InStock, 'Son N ürün' LimitedAvailability, 'Stokta yok' OutOfStock.
 */
export function availabilityOf(stock: number | undefined): ItemAvailability {
  if (stock === undefined) return 'https://schema.org/InStock';
  if (stock <= 0) return 'https://schema.org/OutOfStock';
  return stock <= LOW_STOCK ? 'https://schema.org/LimitedAvailability' : 'https://schema.org/InStock';
}

/**
 * A product page's `Product`: its name, pictures, description and id, and an `Offer` per variant
 * (each at its own price, stock and `?variant=` address) or, without variants, one for the
 * product. Something without a price is offered by no Offer.
 */
export function productStructuredData(product: Product, origin: string): WithContext<SchemaProduct> {
  const url = absoluteUrl(productPath(product._id), origin);
  const offers: Offer[] = [];
  const variants = hasVariants(product) ? (product.prodVariants ?? []) : [];
  if (variants.length > 0) {
    for (const variant of variants) {
      const price = variantPrice(product, variant);
      if (price === undefined) continue;
      offers.push({
        '@type': 'Offer',
        name: variant.label,
        sku: variant._id,
        price,
        priceCurrency: CURRENCY,
        availability: availabilityOf(variant.stock),
        url: absoluteUrl(productPath(product._id, variant._id), origin),
      });
    }
  } else if (product.prodPrice !== undefined) {
    offers.push({
      '@type': 'Offer',
      price: product.prodPrice,
      priceCurrency: CURRENCY,
      availability: availabilityOf(product.prodStock),
      url,
    });
  }
  const description = product.prodDescription?.trim();
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.prodName,
    url,
    sku: product._id,
    productID: product._id,
    ...(product.images.length > 0 ? { image: product.images.map((image) => absoluteUrl(image, origin)) } : {}),
    ...(description ? { description } : {}),
    ...(offers.length > 0 ? { offers } : {}),
  };
}

/** One step of a breadcrumb: what it is called and where it leads. */
export interface Crumb {
  name: string;
  path: string;
}

/** A `BreadcrumbList` of `crumbs`, first (the home page) to last (the page itself). */
export function breadcrumbStructuredData(crumbs: readonly Crumb[], origin: string): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(crumb.path, origin),
    })),
  };
}

/** The address of a category's product list. */
export function categoryPath(categoryId: number): string {
  return `/productlist/${categoryId}`;
}

/**
 * The category and its ancestors as breadcrumbs, the top-level category first. The category
 * list comes from the server and is not trusted to be a tree: a parent seen before ends the walk.
 */
export function categoryCrumbs(categories: readonly Category[], categoryId: number): Crumb[] {
  const byId = categoriesById(categories);
  const crumbs: Crumb[] = [];
  const seen = new Set<number>();
  for (let category = byId.get(categoryId); category && !seen.has(category.categoryId);) {
    seen.add(category.categoryId);
    crumbs.unshift({ name: category.categoryName, path: categoryPath(category.categoryId) });
    category = category.parentCategoryId === null ? undefined : byId.get(category.parentCategoryId);
  }
  return crumbs;
}

/** Each category list by id, worked out once per list (a server renders many pages from one list of up to 100,000). */
const byIdOfList = new WeakMap<readonly Category[], Map<number, Category>>();

function categoriesById(categories: readonly Category[]): Map<number, Category> {
  let byId = byIdOfList.get(categories);
  if (!byId) {
    byId = new Map(categories.map((category) => [category.categoryId, category]));
    byIdOfList.set(categories, byId);
  }
  return byId;
}
