import type { StoredSession } from '@shop/core/domain/user';
import type { SessionStorage } from '@shop/core/ports/session-storage';
import { DEMO_HOME_ADDRESS_ID, DEMO_USER_EMAIL, DEMO_USER_ID, DEMO_WORK_ADDRESS_ID } from './demo-account';
import { demoProducts } from './demo-catalog';
import { FakeAccountGateway } from './fake-account-gateway';
import { FakeAccountStore, type FakeDevice } from './fake-account-store';
import { FakeAddressGateway } from './fake-address-gateway';
import { FakeOrderGateway } from './fake-order-gateway';

/*
 * World helpers for unit tests, stories and `npm run dev:fake`: they put the fake server into a
 * state (the demo user signed in, an order history) the way a shopper would have, through the
 * fake server's own rules. Any adapter set of storefront/src/di will do; the fakes behind it are found.
 */

/** The ports a world helper reaches. */
export interface FakeWorldPorts {
  account: unknown;
  addresses: unknown;
  orders: unknown;
  sessionStorage: SessionStorage;
  /** The fake server state behind the set (storefront/src/di's fake set names it). */
  accountStore?: unknown;
}

export interface SignedInOptions {
  /** The demo user's verified flag for this world (default: as seeded, false). */
  emailVerified?: boolean;
  /** Lifetime of the first access token (default: the store's, 15 min): e.g. 150_000 shows the expiry warning soon. */
  expiresInMs?: number;
  /** The device the session list shows for this sign-in (default: unknown). */
  device?: FakeDevice;
}

/** The fake server state behind a set of adapters (also after single ports were overridden). */
export function fakeAccountStoreOf(adapters: Omit<FakeWorldPorts, 'orders' | 'sessionStorage'>): FakeAccountStore {
  if (adapters.accountStore instanceof FakeAccountStore) return adapters.accountStore;
  if (adapters.account instanceof FakeAccountGateway) return adapters.account.store;
  if (adapters.addresses instanceof FakeAddressGateway) return adapters.addresses.store;
  throw new Error('These adapters have no fake account state');
}

/**
 * Signs the demo user in on the fake server and keeps the session in the adapters' session
 * storage (so a story or test renders signed-in screens). Answers the stored session.
 */
export function signedInSession(adapters: FakeWorldPorts, options: SignedInOptions = {}): StoredSession {
  const store = fakeAccountStoreOf(adapters);
  const record = store.findByEmail(DEMO_USER_EMAIL);
  if (!record) throw new Error('The demo user is not seeded');
  if (options.emailVerified !== undefined) record.user.isEmailVerified = options.emailVerified;
  const tokens = store.startSession(record.user._id, options.expiresInMs, options.device);
  const session: StoredSession = { ...tokens, user: store.snapshot(record.user._id) };
  adapters.sessionStorage.save(session);
  return session;
}

/** Units a demo order's product (or variant) has at least, so that a history of orders never runs it out. */
const DEMO_ORDER_STOCK = 10;

/**
 * The demo user's order history on the fake server: `count` orders of priced demo products (the
 * newest last placed), the newest `cancelled` of them cancelled. Answers their ids, newest first.
 */
export function placeDemoOrders(adapters: Pick<FakeWorldPorts, 'orders'>, count: number, options: { cancelled?: number } = {}): string[] {
  if (!(adapters.orders instanceof FakeOrderGateway)) throw new Error('These adapters have no fake order server');
  const book = adapters.orders.book;
  // Products it can sell a few of (D25): a product with variants as its first well-stocked variant.
  const priced = demoProducts.flatMap((product) => {
    if (product.prodPrice === undefined) return [];
    if (!product.prodVariants) return (product.prodStock ?? DEMO_ORDER_STOCK) >= DEMO_ORDER_STOCK ? [{ _id: product._id }] : [];
    const variant = product.prodVariants.find((candidate) => candidate.stock >= DEMO_ORDER_STOCK);
    return variant ? [{ _id: product._id, variantId: variant._id }] : [];
  });
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const lines = [0, 1, 2]
      .slice(0, (index % 3) + 1)
      .map((offset) => ({ ...priced[(index + offset) % priced.length], quantity: offset + 1 }));
    const body = {
      lines,
      billingAddressId: DEMO_HOME_ADDRESS_ID,
      shippingAddressId: index % 2 === 0 ? DEMO_HOME_ADDRESS_ID : DEMO_WORK_ADDRESS_ID,
      paymentMethod: index % 2 === 0 ? 'cash-on-delivery' : 'card-on-delivery',
    };
    const placed = book.place(DEMO_USER_ID, body, `demo-order-${index + 1}`).body as { order?: { _id: string } };
    if (!placed.order) throw new Error('The demo order was refused');
    ids.unshift(placed.order._id);
  }
  for (const id of ids.slice(0, options.cancelled ?? 0)) book.cancel(DEMO_USER_ID, id);
  return ids;
}
