/**
 * The page's first script (D20): inlined at the top of the page's head by the build (vite.config.ts,
 * `firstPaintScript`) and allowed by its hash in the Content-Security-Policy, so it runs before the
 * first paint and before anything else. It does two things, in a few hundred bytes:
 *
 * 1. **What only the browser knows, true from the first paint.** It reads the stored cart and
 *    marks the document (`<html data-cart="empty|filled">`, the number of cart lines in
 *    `--cart-lines`, their total quantity in the `cart-quantity` counter). It marks whether
 *    products viewed before are stored besides the product on the page (`data-recent`, D25: a
 *    product page keeps the Recently Viewed row's room). The server's page
 *    carries both states of what depends on it and the stylesheet shows the true one
 *    (storefront/src/views/shared/early-state.tsx): never "Your cart is empty." for a cart the server cannot
 *    see, and a placeholder as tall as the stored lines. (The session shows only in the Profile
 *    menu, which is closed until tapped: that tap is held until the shop is live and knows it.)
 * 2. **No tap lost.** Until the shop is live (`data-shop="ready"`, storefront/src/shell/hydration.tsx), a tap
 *    on a button is held: the button shows it was taken (`data-tap`), and once the shop is live
 *    the held taps are replayed on their buttons, in order, exactly once, one a task. Links and a form's submit
 *    button are left to the browser: they work without the shop's script.
 *
 * Self-contained (no import: the build inlines this file alone), and written for every browser
 * the shop supports. The storage keys are the adapters' (SPEC's `cartItems`, D15; `recentlyViewed`,
 * D25), pinned to theirs by storefront/src/first-paint.test.ts.
 */
export function firstPaint(window: Window): void {
  const document = window.document;
  const root = document.documentElement;
  let storage: Storage | undefined;
  try {
    storage = window.localStorage;
  } catch {
    storage = undefined;
  }
  const read = (key: string): unknown => {
    try {
      return JSON.parse(storage?.getItem(key) ?? 'null');
    } catch {
      return null;
    }
  };

  // The cart: lines the cart store would read (an id, a variant id when there is one, and a
  // quantity of at least 1), one line per product and variant as the store merges them (lineKey
  // in core/domain/cart.ts).
  const stored = read('cartItems');
  const lines = Object.create(null) as Record<string, true | undefined>;
  let lineCount = 0;
  let quantity = 0;
  for (const line of Array.isArray(stored) ? (stored as unknown[]) : []) {
    const { _id, variantId, quantity: count } = (line ?? {}) as { _id?: unknown; variantId?: unknown; quantity?: unknown };
    const variantOk = variantId === undefined || (typeof variantId === 'string' && variantId !== '');
    if (typeof _id === 'string' && _id !== '' && variantOk && typeof count === 'number' && Number.isInteger(count) && count >= 1) {
      const key = variantId === undefined ? _id : `${_id}/${variantId}`;
      if (!lines[key]) lineCount += 1;
      lines[key] = true;
      quantity += count;
    }
  }
  root.dataset.cart = lineCount > 0 ? 'filled' : 'empty';
  root.style.setProperty('--cart-lines', String(lineCount));
  root.style.counterReset = `cart-quantity ${quantity}`;

  // Recently viewed products (D25) besides the one on this page: a product page keeps their row's room.
  const here = /^\/product\/([^/]+)/.exec(window.location.pathname)?.[1];
  const viewed = read('recentlyViewed');
  const others = (Array.isArray(viewed) ? (viewed as unknown[]) : []).filter((entry) => {
    const { id, name } = (entry ?? {}) as { id?: unknown; name?: unknown };
    return typeof id === 'string' && id !== '' && id !== here && typeof name === 'string';
  });
  root.dataset.recent = others.length > 0 ? 'filled' : 'empty';

  // Taps before the shop is live: held, then replayed.
  const held: HTMLButtonElement[] = [];
  const hold = (event: Event) => {
    const button = (event.target as Element | null)?.closest?.('button');
    if (!button || button.disabled || (button.type === 'submit' && button.form)) return;
    // The shop is not there yet to answer: nothing else may act on this tap now (React, once it
    // hydrates, would answer a later tap before this one).
    event.preventDefault();
    event.stopImmediatePropagation();
    button.dataset.tap = 'held';
    held.push(button);
  };
  window.addEventListener('click', hold, true);
  const live = new MutationObserver(() => {
    if (root.dataset.shop !== 'ready') return;
    live.disconnect();
    window.removeEventListener('click', hold, true);
    replay();
  });
  // One tap a task: the shop finishes answering one (its render included) before the next, as
  // with taps made by hand (a stepper's + then Add to Cart adds the new quantity).
  const replay = () => {
    const button = held.shift();
    if (!button) return;
    delete button.dataset.tap;
    button.click();
    window.setTimeout(replay, 0);
  };
  live.observe(root, { attributes: true, attributeFilter: ['data-shop'] });
}
