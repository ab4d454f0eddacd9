import { orderSummary, type OrderSummary } from '@shop/core/domain/shipping';
import type { CartItem } from '@shop/core/domain/cart-item';
import { CORE } from '../../di/modules/core-module';
import { useStore } from '../../di/react';
import { useHydrated } from '../../shell/hydration';

/** What a screen shows of the cart. */
export interface ShownCart {
  /**
   * False in a server-rendered page until it is hydrated: the cart is the browser's, and the page
   * shows the first-paint script's marks of it instead (storefront/src/views/shared/early-state.tsx, D20).
   */
  known: boolean;
  items: readonly CartItem[];
  isEmpty: boolean;
  totalQuantity: number;
  summary: OrderSummary;
}

const UNKNOWN_CART: ShownCart = { known: false, items: [], isEmpty: true, totalQuantity: 0, summary: orderSummary([]) };

/**
 * The cart as a screen may show it: the browser's cart, or an unknown one in a server-rendered
 * page until it is hydrated (the server knows no cart; D17, D20). Read inside an observer.
 */
export function useShownCart(): ShownCart {
  const cart = useStore(CORE.cart);
  const hydrated = useHydrated();
  if (!hydrated) return UNKNOWN_CART;
  return { known: true, items: cart.items, isEmpty: cart.isEmpty, totalQuantity: cart.totalQuantity, summary: cart.summary };
}
