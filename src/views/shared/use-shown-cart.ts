import { orderSummary, type OrderSummary } from '../../domain/shipping';
import type { CartItem } from '../../domain/cart-item';
import { CORE } from '../../di/modules/core-module';
import { useService } from '../../di/react';
import { useHydrated } from '../hydration';

/** What a screen shows of the cart. */
export interface ShownCart {
  items: readonly CartItem[];
  isEmpty: boolean;
  totalQuantity: number;
  summary: OrderSummary;
}

const EMPTY_CART: ShownCart = { items: [], isEmpty: true, totalQuantity: 0, summary: orderSummary([]) };

/**
 * The cart as a screen may show it: the browser's cart, or an empty one in a server-rendered
 * page until it is hydrated (the server knows no cart; D17). Read inside an observer.
 */
export function useShownCart(): ShownCart {
  const cart = useService(CORE.cart);
  return useHydrated() ? cart : EMPTY_CART;
}
