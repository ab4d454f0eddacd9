import { demoCategories, demoProducts } from './demo-catalog';
import { productIdFromSlug } from './product-id';
import { FALLBACK_ICON } from './product-icons';

let productIcons: ReadonlyMap<string, string> | undefined;
const categoryIcons: ReadonlyMap<number, string> = new Map(demoCategories.map((category) => [category.categoryId, category.icon]));

/**
 * The icon of a product's pictures, for the server, which knows a product by id and category only:
 * a demo product's own icon; else (a product added beside the demo) its category's; else a parcel.
 */
export function demoProductIcon(productId: string, categoryId: number): string {
  // Built on first use: the ids are hashes, and only the server's picture route asks.
  productIcons ??= new Map(demoProducts.map((product) => [productIdFromSlug(product.slug), product.icon]));
  return productIcons.get(productId) ?? categoryIcons.get(categoryId) ?? FALLBACK_ICON;
}
