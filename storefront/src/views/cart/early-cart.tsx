import type { ReactNode } from 'react';
import '../shared/early-state.css';

/*
 * The cart page's and the order summary's two states before the page is hydrated (D20): see
 * storefront/src/views/shared/early-state.tsx (the badge, on every page) and its stylesheet, which shows the
 * true one from the first-paint script's marks. Apart from it, so this code ships with the cart's
 * chunks, not with every first visit.
 */

/** Shown only while the stored cart is empty (and when no script marked the page). */
export function WhenCartEmpty({ children }: { children: ReactNode }) {
  return <div className="early-when-empty">{children}</div>;
}

/** Shown only while the stored cart has lines; hidden from assistive technology (a placeholder). */
export function WhenCartFilled({ children }: { children?: ReactNode }) {
  return (
    <div className="early-when-filled" aria-hidden="true">
      {children}
    </div>
  );
}

/** The stored cart's total quantity as text (the first-paint script's counter). */
export function EarlyCartQuantity() {
  return <span className="early-cart-quantity" aria-hidden="true" />;
}

/** A figure the page cannot know yet (a stored cart's total): a bar of a figure's height. */
export function FigurePlaceholder() {
  return <span className="figure-placeholder" aria-hidden="true" />;
}
