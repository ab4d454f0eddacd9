import type { Outcome } from '@shop/core/domain/outcome';
import type { CartStorage } from '@shop/core/ports/cart-storage';
import type { ImageCropper } from '@shop/core/ports/image-cropper';
import type { Realtime } from '@shop/core/ports/realtime';
import type { RecentlyViewedStorage } from '@shop/core/ports/recently-viewed-storage';
import type { SessionStorage } from '@shop/core/ports/session-storage';

// Stand-ins for the ports a server render (D17) has no use for: what lives in the shopper's browser
// (cart, session, recently viewed, the socket, cropping) and the calls only browser-rendered screens make.

/**
 * A gateway of a port the server's render never calls (accounts, addresses, orders, reference
 * data: those screens render in the browser): every call answers "unavailable", never a request.
 */
export function offlineGateway<T extends object>(): T {
  const unavailable: Outcome<never> = { ok: false, kind: 'unavailable' };
  // Only the port's methods: not `then` (a gateway is no promise) nor symbols.
  return new Proxy({} as T, {
    get: (_target, name) => (typeof name === 'string' && name !== 'then' ? () => Promise.resolve(unavailable) : undefined),
  });
}

/** The server knows no cart: it lives in the shopper's browser (D17). */
export const noCartStorage: CartStorage = { load: () => [], save: () => undefined };

/** The server knows no recently viewed products: they live in the shopper's browser (D25). */
export const noRecentlyViewed: RecentlyViewedStorage = { load: () => [], save: () => undefined };

/** The server knows no session: it lives in the shopper's browser (D17). */
export const noSessionStorage: SessionStorage = { load: () => null, save: () => undefined, clear: () => undefined };

/** No socket from the server. */
export const noRealtime: Realtime = { connect: () => ({ disconnect: () => undefined }) };

/** Pictures as they are: cropping is the browser's work (the port's own fallback). */
export const uncroppedImages: ImageCropper = { crop: (url) => Promise.resolve(url) };
