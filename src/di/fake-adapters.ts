import { SystemClock } from '../adapters/clock/system-clock';
import { DEMO_HOME_ADDRESS_ID, DEMO_USER_EMAIL, DEMO_USER_ID, DEMO_WORK_ADDRESS_ID } from '../adapters/fake/demo-account';
import { demoProducts } from '../adapters/fake/demo-catalog';
import { FakeAccountGateway } from '../adapters/fake/fake-account-gateway';
import { FakeAccountStore, type FakeDevice } from '../adapters/fake/fake-account-store';
import { FakeAddressGateway } from '../adapters/fake/fake-address-gateway';
import { FakeCatalogGateway } from '../adapters/fake/fake-catalog-gateway';
import { clockDelay } from '../adapters/fake/fake-delay';
import { FakeImageCropper } from '../adapters/fake/fake-image-cropper';
import { FakeOrderGateway } from '../adapters/fake/fake-order-gateway';
import { FakePrivacyGateway } from '../adapters/fake/fake-privacy-gateway';
import { FakeRealtime } from '../adapters/fake/fake-realtime';
import { FakeReferenceDataGateway } from '../adapters/fake/fake-reference-data-gateway';
import { FakeStockAlertGateway } from '../adapters/fake/fake-stock-alert-gateway';
import { MemoryCartStorage } from '../adapters/fake/memory-cart-storage';
import { MemoryRecentlyViewedStorage } from '../adapters/fake/memory-recently-viewed-storage';
import { MemorySessionStorage } from '../adapters/fake/memory-session-storage';
import { LazyImageCropper } from '../adapters/image/lazy-image-cropper';
import { JwtTokenDecoder } from '../adapters/jwt/jwt-token-decoder';
import type { CartItem } from '../domain/cart-item';
import type { ViewedProduct } from '../domain/recently-viewed';
import type { StoredSession } from '../domain/user';
import type { Clock } from '../ports/clock';
import { SessionLink } from './session-link';
import type { AdapterSet } from './tokens';

export interface SignedInOptions {
  /** The demo user's verified flag for this world (default: as seeded, false). */
  emailVerified?: boolean;
  /** Lifetime of the first access token (default: the store's, 15 min): e.g. 150_000 shows the expiry warning soon. */
  expiresInMs?: number;
  /** The device the session list shows for this sign-in (default: unknown). */
  device?: FakeDevice;
}

export interface FakeAdapterOptions {
  /** Default: the system clock (the fake dev mode). Tests and stories pass a FakeClock. */
  clock?: Clock;
  /** The cart the browser "remembers". */
  seedCart?: CartItem[];
  /** The recently viewed products the browser remembers (D25), newest first. */
  recentlyViewed?: ViewedProduct[];
  /** Start with the demo user signed in (a StoredSession in the session storage). */
  signedIn?: boolean | SignedInOptions;
  /** Lifetime of every access token the fake server issues (default 15 min, D7). */
  accessTokenLifetimeMs?: number;
  /** Every gateway answers after this many ms on the clock (loading states in the dev mode). */
  latencyMs?: number;
  /**
   * Crop the product pictures as the shop does (its canvas cropper: a real browser only), so
   * Storybook and the fake dev mode show what the shop shows. Default: handed back unchanged.
   */
  cropImages?: boolean;
}

/** The fakes by their concrete types, plus the shared account state behind them. */
export interface FakeAdapterSet extends AdapterSet {
  catalog: FakeCatalogGateway;
  account: FakeAccountGateway;
  addresses: FakeAddressGateway;
  orders: FakeOrderGateway;
  privacy: FakePrivacyGateway;
  referenceData: FakeReferenceDataGateway;
  cartStorage: MemoryCartStorage;
  recentlyViewed: MemoryRecentlyViewedStorage;
  sessionStorage: MemorySessionStorage;
  realtime: FakeRealtime;
  imageCropper: FakeImageCropper;
  stockAlert: FakeStockAlertGateway;
  /** Users, sessions and mail of the fake server, shared by the account and address fakes. */
  accountStore: FakeAccountStore;
}

/**
 * Every port served from memory around ONE fake server state, for unit tests, Storybook and
 * `npm run dev:fake`. The token decoder is the real one: the fake issues real-looking JWTs.
 */
export function createFakeAdapters(options: FakeAdapterOptions = {}): FakeAdapterSet {
  const clock = options.clock ?? new SystemClock();
  const accountStore = new FakeAccountStore(
    options.accessTokenLifetimeMs === undefined ? { clock } : { clock, accessTokenLifetimeMs: options.accessTokenLifetimeMs },
  );
  const sessionLink = new SessionLink();
  const delay = options.latencyMs ? clockDelay(clock, options.latencyMs) : undefined;
  const gatewayOptions = delay ? { delay } : {};
  // The account, address and order fakes answer authenticated calls for the session of the container.
  const accountOptions = { ...gatewayOptions, session: sessionLink };
  const realtime = new FakeRealtime({ userOf: (token) => accountStore.subjectOf(token) });
  // As the server does (D12): a verified email is pushed to that user's open sockets.
  accountStore.onEmailVerified((userId) => realtime.emitEmailVerified(userId));

  const orders = new FakeOrderGateway(accountStore, accountOptions);
  const adapters: FakeAdapterSet = {
    catalog: new FakeCatalogGateway(gatewayOptions),
    account: new FakeAccountGateway(accountStore, accountOptions),
    addresses: new FakeAddressGateway(accountStore, accountOptions),
    orders,
    privacy: new FakePrivacyGateway(accountStore, { ...accountOptions, orders: orders.book }),
    referenceData: new FakeReferenceDataGateway(gatewayOptions),
    cartStorage: new MemoryCartStorage(options.seedCart ?? []),
    recentlyViewed: new MemoryRecentlyViewedStorage(options.recentlyViewed ?? []),
    sessionStorage: new MemorySessionStorage(),
    clock,
    tokenDecoder: new JwtTokenDecoder(),
    realtime,
    imageCropper: new FakeImageCropper(options.cropImages ? new LazyImageCropper() : undefined),
    stockAlert: new FakeStockAlertGateway(gatewayOptions),
    sessionLink,
    accountStore,
  };
  if (options.signedIn) signedInSession(adapters, options.signedIn === true ? {} : options.signedIn);
  return adapters;
}

/** The fake server state behind a set of adapters (also after single ports were overridden). */
export function fakeAccountStoreOf(adapters: AdapterSet): FakeAccountStore {
  const candidate = adapters as Partial<FakeAdapterSet>;
  if (candidate.accountStore instanceof FakeAccountStore) return candidate.accountStore;
  if (adapters.account instanceof FakeAccountGateway) return adapters.account.store;
  if (adapters.addresses instanceof FakeAddressGateway) return adapters.addresses.store;
  throw new Error('These adapters have no fake account state');
}

/**
 * Signs the demo user in on the fake server and keeps the session in the adapters' session
 * storage (so a story or test renders signed-in screens). Answers the stored session.
 */
export function signedInSession(adapters: AdapterSet, options: SignedInOptions = {}): StoredSession {
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
export function placeDemoOrders(adapters: AdapterSet, count: number, options: { cancelled?: number } = {}): string[] {
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
