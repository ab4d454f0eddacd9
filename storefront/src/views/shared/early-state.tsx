import './early-state.css';

/*
 * What only the browser knows (the stored cart), in a server-rendered page before it is hydrated
 * (D20): the server cannot see the cart, so the page carries both states and the first-paint
 * script's marks on <html> (storefront/src/first-paint.ts) pick the true one before the first paint. Once
 * hydrated, the page shows the cart itself, in the same room.
 */

/** The stored cart's total quantity (the first-paint script's counter), as the badge shows it. */
export function EarlyCartBadge({ className }: { className: string }) {
  return <span className={`${className} early-cart-badge`} aria-hidden="true" />;
}
