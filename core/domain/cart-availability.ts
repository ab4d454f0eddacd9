import type { CartItem } from './cart-item';
import type { Product } from './product';
import { hasVariants } from './stock';

/**
 * Whether a cart line can still be bought as it stands (D25), by the product as the catalogue
 * answers it now. The server decides when the order is placed; this tells the shopper before.
 * - available: enough is left (or the stock is not tracked);
 * - sold-out: none left of the product or of its variant;
 * - low: fewer left than the line asks for;
 * - gone: the product, or the line's variant, is no longer sold;
 * - choose-variant: the product is now sold only as one of its variants, and the line names none.
 */
export type LineAvailability =
  { kind: 'available' } | { kind: 'sold-out' } | { kind: 'low'; left: number } | { kind: 'gone' } | { kind: 'choose-variant' };

/** `product`: the line's product as the catalogue answers it now; null when it has none any more. */
export function lineAvailability(line: Pick<CartItem, 'variantId' | 'quantity'>, product: Product | null): LineAvailability {
  if (!product) return { kind: 'gone' };
  let stock: number | undefined;
  if (line.variantId !== undefined) {
    const variant = product.prodVariants?.find((candidate) => candidate._id === line.variantId);
    if (!variant) return { kind: 'gone' };
    stock = variant.stock;
  } else {
    if (hasVariants(product)) return { kind: 'choose-variant' };
    stock = product.prodStock;
  }
  if (stock === undefined || stock >= line.quantity) return { kind: 'available' };
  return stock <= 0 ? { kind: 'sold-out' } : { kind: 'low', left: stock };
}
