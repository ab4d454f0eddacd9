import type { ReactNode } from 'react';
import './early-state.css';

/*
 * What only the browser knows (the stored cart), in a server-rendered page before it is hydrated
 * (D20): the server cannot see the cart, so the page carries both states and the first-paint
 * script's marks on <html> (src/first-paint.ts) pick the true one before the first paint. Once
 * hydrated, the page shows the cart itself, in the same room.
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

/** The stored cart's total quantity (the first-paint script's counter), as the badge shows it. */
export function EarlyCartBadge({ className }: { className: string }) {
  return <span className={`${className} early-cart-badge`} aria-hidden="true" />;
}

/** The stored cart's total quantity as text (the first-paint script's counter). */
export function EarlyCartQuantity() {
  return <span className="early-cart-quantity" aria-hidden="true" />;
}

/** A figure the page cannot know yet (a stored cart's total): a bar of a figure's height. */
export function FigurePlaceholder() {
  return <span className="figure-placeholder" aria-hidden="true" />;
}
