import type { Product } from './product';

/** A cart line: product fields plus an integer quantity of at least 1. */
export interface CartItem extends Product {
  quantity: number;
}
