import { SystemClock } from '../adapters/clock/system-clock';
import { FakeAccountGateway } from '../adapters/fake/fake-account-gateway';
import { FakeAccountStore } from '../adapters/fake/fake-account-store';
import { FakeAddressGateway } from '../adapters/fake/fake-address-gateway';
import { FakeCatalogGateway } from '../adapters/fake/fake-catalog-gateway';
import { clockDelay } from '../adapters/fake/fake-delay';
import { FakeImageCropper } from '../adapters/fake/fake-image-cropper';
import { FakeOrderGateway } from '../adapters/fake/fake-order-gateway';
import { FakePrivacyGateway } from '../adapters/fake/fake-privacy-gateway';
import { FakeRealtime } from '../adapters/fake/fake-realtime';
import { FakeReferenceDataGateway } from '../adapters/fake/fake-reference-data-gateway';
import { FakeStockAlertGateway } from '../adapters/fake/fake-stock-alert-gateway';
import { type SignedInOptions, signedInSession } from '../adapters/fake/fake-world';
import { MemoryCartStorage, MemoryRecentlyViewedStorage, MemorySessionStorage } from '../adapters/fake/memory-storage';
import { LazyImageCropper } from '../adapters/image/lazy-image-cropper';
import { JwtTokenDecoder } from '../adapters/jwt/jwt-token-decoder';
import type { CartItem } from '@shop/core/domain/cart-item';
import type { ViewedProduct } from '@shop/core/domain/recently-viewed';
import type { Clock } from '@shop/core/ports/clock';
import { createContainer } from './container';
import type { Feature, FeatureContainer } from './features';
import { accountFeature } from './modules/account-module';
import { addressFeature } from './modules/address-module';
import { cartFeature } from './modules/cart-module';
import { catalogPagesFeature } from './modules/catalog-pages-module';
import { orderFeature } from './modules/order-module';
import { privacyFeature } from './modules/privacy-module';
import { productSuggestionsFeature } from './modules/product-suggestions-module';
import { SessionLink } from './session-link';
import type { AdapterSet } from './tokens';

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

export interface FakeWorldOptions {
  /** The world's clock (default: the system clock). */
  clock?: Clock;
  /** Crop the product pictures as the shop does (a real browser: Storybook). */
  cropImages?: boolean;
  /** Single ports replaced: an object, or a function of the fakes. */
  adapters?: Partial<AdapterSet> | ((base: FakeAdapterSet) => Partial<AdapterSet>);
  /** Runs once the container is built: sign in, seed or open something. */
  setup?: (services: FeatureContainer, adapters: AdapterSet) => void | Promise<void>;
}

/**
 * Every screen's stores. A test or a story shows a screen (or a part of one) on its own, not
 * through its route, which binds only the stores its page names (src/shell/routes.tsx).
 */
const EVERY_FEATURE: readonly Feature[] = [
  accountFeature,
  addressFeature,
  cartFeature,
  catalogPagesFeature,
  orderFeature,
  privacyFeature,
  productSuggestionsFeature,
];

/**
 * The world of a unit test's screen or a story: the fakes around one fake server state, single
 * ports replaced, the shop's container on them with every screen's stores, and `setup` run on both.
 */
export async function createFakeWorld(options: FakeWorldOptions = {}): Promise<{ adapters: AdapterSet; services: FeatureContainer }> {
  const base = createFakeAdapters({ ...(options.clock ? { clock: options.clock } : {}), cropImages: options.cropImages ?? false });
  const overrides = typeof options.adapters === 'function' ? options.adapters(base) : (options.adapters ?? {});
  const adapters: AdapterSet = { ...base, ...overrides };
  const services = createContainer(adapters);
  services.loadFeatures(...EVERY_FEATURE);
  await options.setup?.(services, adapters);
  return { adapters, services };
}
