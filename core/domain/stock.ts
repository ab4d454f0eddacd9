import type { Product, ProductVariant } from './product';

/** At or below this many units left, the shop says how many ('Son 3 ürün', D25). */
export const LOW_STOCK = 3;

export const SOLD_OUT_TEXT = 'Stokta yok';

/** What the shop says of a stock level: nothing (untracked or plenty), 'Son N ürün' or 'Stokta yok'. */
export function stockText(stock: number | undefined): string | undefined {
  if (stock === undefined || stock > LOW_STOCK) return undefined;
  return stock <= 0 ? SOLD_OUT_TEXT : `Son ${stock} ürün`;
}

/** Whether a product (or one of its variants) can be put in the cart now. */
export function isAvailable(stock: number | undefined): boolean {
  return stock === undefined || stock > 0;
}

/** Whether the product must be bought as one of its variants. */
export function hasVariants(product: Pick<Product, 'prodOptions'>): boolean {
  return (product.prodOptions?.length ?? 0) > 0;
}

/** The variant's price, or the product's when it has none of its own. */
export function variantPrice(product: Pick<Product, 'prodPrice'>, variant: Pick<ProductVariant, 'price'> | undefined): number | undefined {
  return variant?.price ?? product.prodPrice;
}
