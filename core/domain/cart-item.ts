import type { Product } from './product';

/** A cart line: product fields plus an integer quantity of at least 1, and the variant bought (D25). */
export interface CartItem extends Product {
  quantity: number;
  /** The chosen variant's id, for a product with variants. */
  variantId?: string;
  /** The chosen variant's values for people, e.g. `M / Siyah`. */
  variantLabel?: string;
}
