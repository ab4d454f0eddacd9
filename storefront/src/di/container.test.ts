import { describe, expect, it, vi } from 'vitest';
import { FakeClock } from '../adapters/fake/fake-clock';
import { MemorySessionStorage } from '../adapters/fake/memory-storage';
import { unsignedAccessToken } from '../adapters/fake/unsigned-jwt';
import { JwtTokenDecoder } from '../adapters/jwt/jwt-token-decoder';
import type { CartItem } from '@shop/core/domain/cart-item';
import { type StoredSession, newUser } from '@shop/core/domain/user';
import type { AccountGateway } from '@shop/core/ports/account-gateway';
import { AlertStore } from '../stores/alert-store';
import { CartStore } from '../stores/cart-store';
import { VerificationStore } from '../stores/account/verification-store';
import { PlaceOrderStore } from '../stores/checkout/place-order-store';
import { OrderListStore } from '../stores/orders/order-list-store';
import { SessionStore } from '../stores/session-store';
import { createContainer } from './container';
import { ACCOUNT, accountFeature } from './modules/account-module';
import { ADDRESS, addressFeature } from './modules/address-module';
import { CORE } from './modules/core-module';
import { ORDERS, orderFeature } from './modules/order-module';
import { SessionLink } from './session-link';
import { type AdapterSet, PORT } from './tokens';

/** A port this test never calls: any use fails loudly. */
function unused<T extends object>(name: string): T {
  return new Proxy({} as T, {
    get: (_target, property) => {
      if (property === 'then') return undefined;
      return () => {
        throw new Error(`${name}.${String(property)} was not expected in this test`);
      };
    },
  });
}

function testAdapters(): AdapterSet {
  return {
    catalog: unused('catalog'),
    account: unused('account'),
    addresses: unused('addresses'),
    orders: unused('orders'),
    privacy: unused('privacy'),
    referenceData: unused('referenceData'),
    cartStorage: { load: () => [], save: () => {} },
    recentlyViewed: { load: () => [], save: () => {} },
    sessionStorage: new MemorySessionStorage(),
    clock: new FakeClock(),
    tokenDecoder: new JwtTokenDecoder(),
    realtime: { connect: () => ({ disconnect: () => {} }) },
    imageCropper: unused('imageCropper'),
    stockAlert: unused('stockAlert'),
    sessionLink: new SessionLink(),
  };
}

/** A stored session of Ayşe whose access token lives 15 more minutes on `clock`. */
function storedSession(clock: FakeClock): StoredSession {
  return {
    accessToken: unsignedAccessToken(clock.now() + 15 * 60_000),
    refreshToken: 'r',
    user: newUser({ _id: 'a1b2c3d4e5f6a7b8c9d0', userId: 'U-1', userName: 'ayse', email: 'ayse@example.com', isEmailVerified: true }),
  };
}

describe('createContainer', () => {
  it('binds every port to the given adapter', () => {
    const adapters = testAdapters();
    const container = createContainer(adapters);
    for (const key of Object.keys(PORT) as (keyof typeof PORT)[]) {
      expect(container.get(PORT[key] as symbol)).toBe(adapters[key]);
    }
  });

  const coreStores: [keyof typeof CORE, new (...args: never[]) => object][] = [
    ['cart', CartStore],
    ['session', SessionStore],
    ['alerts', AlertStore],
  ];

  it('binds every core store', () => {
    expect(coreStores.map(([name]) => name).sort()).toEqual(Object.keys(CORE).sort());
  });

  it.each(coreStores)('resolves the %s store as a singleton', (name, type) => {
    const container = createContainer(testAdapters());
    const first = container.get(CORE[name] as symbol);
    expect(first).toBeInstanceOf(type);
    expect(container.get(CORE[name] as symbol)).toBe(first);
  });

  it('gives each container its own stores', () => {
    expect(createContainer(testAdapters()).get(CORE.session)).not.toBe(createContainer(testAdapters()).get(CORE.session));
  });

  it('an override replaces one port for the stores that use it', () => {
    const clock = new FakeClock();
    const container = createContainer(testAdapters(), { clock });
    expect(container.get(PORT.clock)).toBe(clock);

    const alerts = container.get(CORE.alerts);
    alerts.show('hello');
    clock.advance(2000);
    expect(alerts.alerts).toEqual([]);
  });

  it('the cart store loads from the overridden cart storage', () => {
    const item: CartItem = { _id: 'p1p1p1p1p1p1p1p1', prodName: 'Lamp', images: [], prodPrice: 10, quantity: 2 };
    const container = createContainer(testAdapters(), { cartStorage: { load: () => [item], save: () => {} } });
    expect(container.get(CORE.cart).items).toEqual([item]);
  });

  it('the session store reads the overridden session storage', () => {
    const clock = new FakeClock();
    const container = createContainer(testAdapters(), { clock, sessionStorage: new MemorySessionStorage(storedSession(clock)) });

    const session = container.get(CORE.session);
    session.start();

    expect(session.isLoggedIn).toBe(true);
    expect(session.user?.userName).toBe('ayse');
  });

  it("joins the adapters' session link to the session store: the HTTP edge reads its token and reports a 401 to it", () => {
    const clock = new FakeClock();
    const stored = storedSession(clock);
    const logout = vi.fn<AccountGateway['logout']>(async () => ({ ok: true, data: undefined }));
    const account = { ...unused<AccountGateway>('account'), logout };
    const adapters = { ...testAdapters(), account, clock, sessionStorage: new MemorySessionStorage(stored) };
    const session = createContainer(adapters).get(CORE.session);
    expect(adapters.sessionLink.accessToken).toBeNull();

    session.start();
    expect([adapters.sessionLink.accessToken, adapters.sessionLink.userId]).toEqual([stored.accessToken, stored.user._id]);

    adapters.sessionLink.sessionRejected();
    expect(session.isLoggedIn).toBe(false);
    expect(adapters.sessionLink.accessToken).toBeNull();
    expect(logout).toHaveBeenCalledExactlyOnceWith(stored.accessToken);
  });
});

describe('the stores of screens that load on demand (features)', () => {
  it('binds none of them until told to: a page names the ones its screen uses', () => {
    const container = createContainer(testAdapters());
    expect(container.isBound(ACCOUNT.verification)).toBe(false);
    expect(() => container.get(ACCOUNT.verification)).toThrow();
  });

  it('binds a feature’s stores once per container', () => {
    const container = createContainer(testAdapters());
    container.loadFeatures(accountFeature);
    const verification = container.get(ACCOUNT.verification);
    expect(verification).toBeInstanceOf(VerificationStore);
    expect(container.isBound(ACCOUNT.authForm)).toBe(true);
    // Loading it again binds nothing twice: the same singleton, no second binding to choose from.
    container.loadFeatures(accountFeature);
    expect(container.get(ACCOUNT.verification)).toBe(verification);
    const other = createContainer(testAdapters());
    other.loadFeatures(accountFeature);
    expect(other.get(ACCOUNT.verification)).not.toBe(verification);
  });

  it('binds what a feature requires with it', () => {
    const container = createContainer(testAdapters());
    container.loadFeatures(orderFeature);
    expect(container.get(ORDERS.list)).toBeInstanceOf(OrderListStore);
    expect(container.isBound(ADDRESS.checkout)).toBe(true);
    expect(container.get(ORDERS.place)).toBeInstanceOf(PlaceOrderStore);
    // Loading the required feature itself afterwards binds nothing twice.
    container.loadFeatures(addressFeature);
    expect(container.get(ADDRESS.book)).toBe(container.get(ADDRESS.book));
  });
});
