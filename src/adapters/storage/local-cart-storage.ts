import { z } from 'zod/mini';
import type { CartItem } from '../../domain/cart-item';
import type { CartStorage } from '../../ports/cart-storage';

export const CART_KEY = 'cartItems';

const cartItemSchema = z.object({
  _id: z.string().check(z.minLength(1)),
  prodName: z.string(),
  prodDescription: z.optional(z.string()),
  images: z.array(z.string()),
  prodPrice: z.optional(z.number()),
  quantity: z.int().check(z.minimum(1)),
}) satisfies z.ZodMiniType<CartItem>;

const cartSchema = z.array(cartItemSchema);

/**
 * The cart in the browser's storage under `cartItems` (SPEC 9). Anything missing, unparsable or
 * not a list of valid items reads as an empty cart; storage failures are only logged, without
 * the cart's content (SPEC 8).
 */
export class LocalCartStorage implements CartStorage {
  constructor(private readonly storage: Storage = window.localStorage) {}

  load(): CartItem[] {
    let raw: string | null;
    try {
      raw = this.storage.getItem(CART_KEY);
    } catch {
      console.error('Could not read the cart from local storage');
      return [];
    }
    if (raw === null) return [];
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      console.error('The stored cart is not valid JSON; starting with an empty cart');
      return [];
    }
    const parsed = cartSchema.safeParse(value);
    if (!parsed.success) {
      console.error('The stored cart has an unexpected shape; starting with an empty cart');
      return [];
    }
    return parsed.data;
  }

  save(items: readonly CartItem[]): void {
    try {
      this.storage.setItem(CART_KEY, JSON.stringify(items));
    } catch {
      console.error('Could not write the cart to local storage');
    }
  }
}
