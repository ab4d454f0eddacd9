import { PrivacyHttpGateway } from '../http/privacy-http-gateway';
import type { FakeAccountStore, UserRecord } from './fake-account-store';
import type { FakeOrderBook } from './fake-order-gateway';
import { type FakeGatewayOptions, FakeServer, NO_SESSION, refused, routes, succeeded, text } from './fake-server';

/** The versions the reference server records (api/src/legal/consents.ts). */
export const FAKE_CONSENT_VERSIONS = { 'privacy-notice': 'kvkk-2026-11-27', marketing: 'etk-2026-11-27' } as const;

type ConsentKind = keyof typeof FAKE_CONSENT_VERSIONS;

function record(user: UserRecord, kind: ConsentKind, granted: boolean, at: string): void {
  user.consents = [...(user.consents ?? []), { kind, granted, version: FAKE_CONSENT_VERSIONS[kind], at }];
}

/** The sign-up's consents (the fake register route): the privacy notice, and marketing as chosen. */
export function recordSignUpConsents(store: FakeAccountStore, userId: string, marketing: boolean): void {
  const user = store.findById(userId);
  if (!user) return;
  const at = new Date(store.clock.now()).toISOString();
  record(user, 'privacy-notice', true, at);
  record(user, 'marketing', marketing, at);
}

/** How many downloads and deletion attempts one user gets in a window (the server's defaults). */
const LIMIT = 5;

function privacyRoutes(store: FakeAccountStore, orders: FakeOrderBook | undefined) {
  const hits = new Map<string, number>();
  const throttled = (key: string): boolean => {
    const count = (hits.get(key) ?? 0) + 1;
    hits.set(key, count);
    return count > LIMIT;
  };
  const tooMany = refused(429, 'Too many attempts. Please try again later.');
  return routes({
    'GET /api/users/profile': store.forUser((user) => store.profileAnswer(user)),
    'PUT /api/users/consents': store.forUser((user, { body }) => {
      if (typeof body.marketing !== 'boolean') return refused(400, 'Invalid request. marketing: Invalid input: expected boolean');
      record(user, 'marketing', body.marketing, new Date(store.clock.now()).toISOString());
      return succeeded({ consents: store.consentsOf(user) }, 'Your communication preferences have been saved.');
    }),
    'GET /api/users/data-export': store.forUser((user) => {
      if (throttled(`export:${user.user._id}`)) return tooMany;
      const { address, ...profile } = store.snapshot(user.user._id);
      const exportedAt = new Date(store.clock.now()).toISOString();
      const orderList = orders?.ordersOf(user.user._id) ?? [];
      return {
        ...succeeded({ exportedAt, profile, addresses: address, orders: orderList, consents: user.consents ?? [] }),
        headers: { 'content-disposition': `attachment; filename="storefront-data-${exportedAt.slice(0, 10)}.json"` },
      };
    }),
    'POST /api/users/delete-account': store.forUser((user, { body }) => {
      if (throttled(`delete:${user.user._id}`)) return tooMany;
      const password = text(body.password);
      if (password === '') return refused(400, 'Invalid request. password: Please enter your password.');
      if (password !== user.password) return refused(400, 'The password is incorrect.');
      orders?.forgetOrdersOf(user.user._id);
      store.removeUser(user.user._id);
      return succeeded({}, 'Your account has been deleted.');
    }),
  });
}

/** The shop's PrivacyHttpGateway over the fake server, on the account fake's users (and the order fake's orders). */
export class FakePrivacyGateway extends PrivacyHttpGateway {
  readonly server: FakeServer;

  constructor(
    readonly store: FakeAccountStore,
    options: FakeGatewayOptions & { orders?: FakeOrderBook } = {},
  ) {
    const server = new FakeServer(privacyRoutes(store, options.orders), options);
    super(server.http, options.session ?? NO_SESSION);
    this.server = server;
  }
}
