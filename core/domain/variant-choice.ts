import type { Product, ProductVariant } from './product';
import { isAvailable } from './stock';

type Variants = Pick<Product, 'prodVariants'>;

/**
 * The variant a product page shows (D25): the one the URL names (`?variant=<id>`), else the first
 * in stock, else the first. Undefined for a product without variants.
 */
export function chosenVariant(product: Variants, requestedId?: string | null): ProductVariant | undefined {
  const variants = product.prodVariants ?? [];
  return variants.find((variant) => variant._id === requestedId) ?? variants.find((variant) => isAvailable(variant.stock)) ?? variants[0];
}

/**
 * The variant closest to `wanted` (one value per option, undefined: any): the most values in
 * common, then in stock, then the first. With `fixed`, only variants having `wanted[fixed]` for
 * that option count (the value the shopper has just chosen stays chosen).
 */
export function closestVariant(product: Variants, wanted: readonly (string | undefined)[], fixed?: number): ProductVariant | undefined {
  let best: { variant: ProductVariant; score: number } | undefined;
  for (const variant of product.prodVariants ?? []) {
    if (fixed !== undefined && variant.options[fixed] !== wanted[fixed]) continue;
    const matches = wanted.reduce((count, value, index) => count + (value !== undefined && variant.options[index] === value ? 1 : 0), 0);
    // A variant in stock outweighs none of the matches, only a tie.
    const score = matches * 2 + (isAvailable(variant.stock) ? 1 : 0);
    if (!best || score > best.score) best = { variant, score };
  }
  return best?.variant;
}

/**
 * The variant after the shopper chooses `value` for option `optionIndex`, the other choices kept
 * where a variant has them (else the closest variant with that value).
 */
export function chooseValue(
  product: Variants,
  current: ProductVariant | undefined,
  optionIndex: number,
  value: string,
): ProductVariant | undefined {
  const wanted = [...(current?.options ?? [])];
  wanted[optionIndex] = value;
  return closestVariant(product, wanted, optionIndex);
}

/**
 * Whether a variant with `value` for option `optionIndex` and the other current choices is in
 * stock; a value that is not is shown unavailable (and can still be chosen).
 */
export function isValueAvailable(product: Variants, current: ProductVariant | undefined, optionIndex: number, value: string): boolean {
  return (product.prodVariants ?? []).some(
    (variant) =>
      variant.options[optionIndex] === value &&
      isAvailable(variant.stock) &&
      variant.options.every((other, index) => index === optionIndex || current === undefined || other === current.options[index]),
  );
}

/** The pictures shown for a variant: its own, else the product's. */
export function variantImages(product: Pick<Product, 'images'>, variant: Pick<ProductVariant, 'images'> | undefined): string[] {
  return variant?.images && variant.images.length > 0 ? variant.images : product.images;
}

/** The stock that applies: the chosen variant's, else the product's (undefined: not tracked). */
export function chosenStock(product: Pick<Product, 'prodStock'>, variant: Pick<ProductVariant, 'stock'> | undefined): number | undefined {
  return variant ? variant.stock : product.prodStock;
}
