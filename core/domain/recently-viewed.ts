import type { Product } from './product';

/** How many recently viewed products the browser keeps (docs/products.md, "The shop"). */
export const RECENTLY_VIEWED_MAX = 12;

/** A product as the browser remembers having shown it: enough for its card, nothing more. */
export interface ViewedProduct {
  id: string;
  name: string;
  /** Dollars; absent when the product has no price. */
  price?: number;
  /** Its first picture; absent when it has none. */
  image?: string;
}

/** What is remembered of `product`. */
export function viewedProductOf(product: Product): ViewedProduct {
  const viewed: ViewedProduct = { id: product._id, name: product.prodName };
  if (product.prodPrice !== undefined) viewed.price = product.prodPrice;
  if (product.images[0] !== undefined) viewed.image = product.images[0];
  return viewed;
}

/** `list` with `viewed` as its newest entry (an earlier entry of the same product gone), at most RECENTLY_VIEWED_MAX. */
export function withViewed(list: readonly ViewedProduct[], viewed: ViewedProduct): ViewedProduct[] {
  return [viewed, ...list.filter((entry) => entry.id !== viewed.id)].slice(0, RECENTLY_VIEWED_MAX);
}

/** What a product page shows of `list`: every entry but the product on the page, newest first. */
export function viewedBesides(list: readonly ViewedProduct[], currentId: string): ViewedProduct[] {
  return list.filter((entry) => entry.id !== currentId);
}

/** A remembered product as a card shows it (a product with its first picture only). */
export function productOfViewed(viewed: ViewedProduct): Product {
  return {
    _id: viewed.id,
    prodName: viewed.name,
    images: viewed.image === undefined ? [] : [viewed.image],
    ...(viewed.price === undefined ? {} : { prodPrice: viewed.price }),
  };
}
