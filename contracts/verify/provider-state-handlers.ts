import { randomBytes } from 'node:crypto';
import { type VerifierOptions, providerWithMetadata } from '@pact-foundation/pact';
import { io } from 'socket.io-client';
import type { ProductOption } from '@shop/core/domain/product';
import { searchWords } from '@shop/core/domain/product-search';
import { hasVariants } from '@shop/core/domain/stock';
import { outboxMailsTo } from '../../api/src/mail/outbox-mailer';
import { STATES, type StateName, type StateParams, type StateValues } from '../provider-states';
import { newAddress } from '../support/wire-examples';

/**
 * Provider states set up through the provider's own public API, plus its dev mail outbox
 * (DECISIONS "Dev mail outbox") for the tokens that only travel by mail. So the same handlers
 * serve the in-process reference server and any running provider with an outbox.
 */
export interface StateHandlerOptions {
  /** The provider itself (not the verifier's proxy). */
  providerUrl: string;
  /** Where the provider writes mails as JSON files (its MAIL_OUTBOX_DIR). */
  outboxDir: string;
  /**
   * Empties the provider's throttle windows before each state is set up: the in-process
   * reference server's test-only hook (verify-local.ts), so its default limits hold. A running
   * provider has none: its limits must allow one run (docs/contracts.md, "How to verify").
   */
  resetThrottles?: () => Promise<void>;
}

interface Session {
  accessToken: string;
  refreshToken: string;
}

interface Credentials {
  email: string;
  password: string;
  userName: string;
}

interface LoggedIn extends Session {
  userId: string;
  isEmailVerified: boolean;
}

type Handler<S extends StateName> = (params: StateParams[S]) => Promise<StateValues[S]>;
type Handlers = { [S in StateName]: Handler<S> };

const OUTBOX_WAIT_MS = 10_000;
/** Units a product an order state buys has at least (D25), so that many verification runs never sell it out. */
const ORDERABLE_STOCK = 10;
const SOCKET_WAIT_MS = 10_000;
const REFRESH_PATH = '/api/users/refresh';

/** The provider's variables that raise the throttle a state setup call ran into (docs/api.md, Throttling). */
const LIMITS_OF: [RegExp, string[]][] = [
  [/^\/api\/users\/register/, ['RATE_LIMIT_REGISTER_PER_CLIENT']],
  [/^\/api\/users\/login/, ['RATE_LIMIT_LOGIN_PER_CLIENT', 'RATE_LIMIT_LOGIN_PER_ACCOUNT_CLIENT', 'RATE_LIMIT_LOGIN_PER_ACCOUNT']],
  [/^\/api\/users\/forgot-password/, ['RATE_LIMIT_FORGOT_PER_CLIENT', 'RATE_LIMIT_FORGOT_PER_ADDRESS']],
  [/^\/api\/users\/reset-password/, ['RATE_LIMIT_RESET_PER_CLIENT']],
  [/^\/api\/users\/verify-email/, ['RATE_LIMIT_VERIFY_MAIL_PER_CLIENT', 'RATE_LIMIT_VERIFY_MAIL_PER_ADDRESS']],
  [/^\/api\/orders/, ['RATE_LIMIT_ORDERS_PER_USER']],
  [/^\/api\/(product|category|address)/i, ['RATE_LIMIT_CATALOG_PER_CLIENT']],
];

/** What to do about a 429 of a state setup call to `apiPath`: the variables to raise on the provider. */
export function throttleHint(apiPath: string): string {
  const names = LIMITS_OF.find(([pattern]) => pattern.test(apiPath))?.[1] ?? ['RATE_LIMIT_*'];
  return (
    `the provider throttled ${apiPath}: start it with higher limits for the verification, e.g. ` +
    `${names.map((name) => `${name}=10000`).join(' ')} (docs/contracts.md, "How to verify")`
  );
}

type StateFunc = (params?: unknown) => Promise<Record<string, unknown> | undefined>;

/** The parts of the Verifier's options this module provides (its express-typed filter, narrowed). */
export interface ProviderStateSetup {
  stateHandlers: Record<string, { setup: StateFunc; teardown: StateFunc }>;
  beforeEach: () => Promise<void>;
  messageProviders: NonNullable<VerifierOptions['messageProviders']>;
}

export function createProviderStateSetup(options: StateHandlerOptions): ProviderStateSetup {
  const baseUrl = options.providerUrl.replace(/\/+$/, '');
  /** The bearer pair of the current interaction's logged-in state, for the states that build on it. */
  let session: Session | null = null;
  /** What the last "has an address" and "a product exists" set up: the contract state orders them (D24). */
  let savedAddressId: string | null = null;
  let existingProductId: string | null = null;
  /** The unverified account the emailVerified message state prepared for the message provider. */
  let toVerify: { email: string; accessToken: string } | null = null;

  async function api(
    method: string,
    apiPath: string,
    body?: unknown,
    bearer?: string,
    extraHeaders: Record<string, string> = {},
  ): Promise<{ status: number; body: unknown; headers: Headers; path: string }> {
    const headers: Record<string, string> = { Accept: 'application/json', ...extraHeaders };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (bearer !== undefined) headers.Authorization = `Bearer ${bearer}`;
    const response = await fetch(`${baseUrl}${apiPath}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text === '' ? undefined : (JSON.parse(text) as unknown),
      headers: response.headers,
      path: apiPath,
    };
  }

  function fail(what: string, answer: { status: number; body: unknown; path?: string }): never {
    const message = (answer.body as { message?: unknown } | undefined)?.message;
    const hint = answer.status === 429 ? `; ${throttleHint(answer.path ?? what)}` : '';
    throw new Error(`Provider state setup: ${what} answered ${answer.status}${typeof message === 'string' ? ` (${message})` : ''}${hint}`);
  }

  function field<T>(body: unknown, key: string): T {
    return (body as Record<string, T>)[key] as T;
  }

  /** The outbox's files of mails to `to`, read with the server's own outbox reader. */
  async function mailFiles(to: string): Promise<Set<string>> {
    return new Set((await outboxMailsTo(options.outboxDir, to)).map(({ file }) => file));
  }

  /**
   * Runs `send`, then waits for the new mail to `to` whose link has `/<linkPath>/<token>` and
   * answers the token. Some mails are sent after the answer (forgot-password, D6), hence the wait.
   */
  async function mailedToken(to: string, linkPath: string, send: () => Promise<void>): Promise<string> {
    const before = await mailFiles(to);
    await send();
    const deadline = Date.now() + OUTBOX_WAIT_MS;
    const pattern = new RegExp(`/${linkPath}/([^/?#]+)$`);
    while (Date.now() < deadline) {
      for (const { file, mail } of await outboxMailsTo(options.outboxDir, to)) {
        if (before.has(file)) continue;
        for (const link of mail.links) {
          const token = pattern.exec(link)?.[1];
          if (token) return decodeURIComponent(token);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`Provider state setup: no /${linkPath}/ mail to ${to} appeared in ${options.outboxDir}`);
  }

  async function login(email: string, password: string): Promise<LoggedIn | null> {
    const answer = await api('POST', '/api/users/login', { email, password });
    if (answer.status === 401) return null;
    if (answer.status !== 200) fail('login', answer);
    return {
      accessToken: field<string>(answer.body, 'accessToken'),
      refreshToken: field<string>(answer.body, 'refreshToken'),
      userId: field<{ _id: string }>(answer.body, 'user')._id,
      isEmailVerified: field<{ isEmailVerified: boolean }>(answer.body, 'user').isEmailVerified,
    };
  }

  /**
   * The user exists with exactly these credentials, whatever an earlier run against the same
   * provider did (a password change interaction, for one): registered if new, else its password
   * is reset through the mailed reset link when it no longer matches.
   */
  async function ensureUser(user: Credentials): Promise<LoggedIn> {
    // As the shop signs up (D24): the privacy notice acknowledged, no marketing messages.
    const registered = await api('POST', '/api/users/register', { ...user, consents: { privacyNotice: true, marketing: false } });
    if (registered.status !== 201 && registered.status !== 409) fail('register', registered);
    const first = await login(user.email, user.password);
    if (first) return first;
    const token = await mailedToken(user.email, 'reset-password', async () => {
      const asked = await api('POST', '/api/users/forgot-password', { to: user.email });
      if (asked.status !== 200) fail('forgot-password', asked);
    });
    const reset = await api('PUT', `/api/users/reset-password/${encodeURIComponent(token)}`, { newpass: user.password });
    if (reset.status !== 200) fail('reset-password', reset);
    const second = await login(user.email, user.password);
    if (!second) throw new Error(`Provider state setup: cannot log in as ${user.email} after a password reset`);
    return second;
  }

  /** A fresh address per run, so reruns against a long-lived provider still find it unused. */
  function freshEmail(prefix: string): string {
    return `${prefix}.${randomBytes(5).toString('hex')}@example.com`;
  }

  async function saveAddress(accessToken: string, addressName: string): Promise<string> {
    const saved = await api('PUT', '/api/users/update-address', newAddress({ addressName }), accessToken);
    if (saved.status !== 200) fail('update-address', saved);
    return field<string>(saved.body, '_newId');
  }

  /**
   * Whether a listed product can be ordered as it is, many times over (D25): not sold as variants
   * (a line would need one), and its stock not tracked or plenty.
   */
  function orderable(product: Record<string, unknown>): boolean {
    const stock = product.prodStock;
    return !soldAsVariants(product) && (stock === undefined || (typeof stock === 'number' && stock >= ORDERABLE_STOCK));
  }

  /** Whether a listed product is bought as one of its variants (the shop's rule, on the wire's prodOptions). */
  function soldAsVariants(product: Record<string, unknown>): boolean {
    return Array.isArray(product.prodOptions) && hasVariants({ prodOptions: product.prodOptions as ProductOption[] });
  }

  /** A priced product of the catalogue that orders can buy. */
  async function pricedProductId(): Promise<string> {
    const priced = (await catalogue()).find((product) => typeof product.prodPrice === 'number' && orderable(product));
    if (typeof priced?._id !== 'string') throw new Error('Provider state setup: no product with a price that orders can buy');
    return priced._id;
  }

  /** The whole catalogue as the provider lists it (POST /api/product without a filter). */
  async function catalogue(): Promise<Record<string, unknown>[]> {
    const listed = await api('POST', '/api/product', {});
    if (listed.status !== 200 || !Array.isArray(listed.body)) fail('the whole catalogue', listed);
    return listed.body as Record<string, unknown>[];
  }

  /** The documents of D24 for an order request: their version and hash, as an order accepts them. */
  async function orderContract(accessToken: string, body: Record<string, unknown>): Promise<{ version: string; sha256: string }> {
    const rendered = await api('POST', '/api/orders/contract', body, accessToken);
    if (rendered.status !== 200) fail('order contract', rendered);
    return field<{ version: string; sha256: string }>(rendered.body, 'contract');
  }

  /** Places an order of one priced product to a fresh saved address, its contract accepted; answers its id. */
  async function placeOrder(accessToken: string): Promise<string> {
    const addressId = await saveAddress(accessToken, 'Order address');
    const request = {
      lines: [{ _id: await pricedProductId(), quantity: 1 }],
      billingAddressId: addressId,
      shippingAddressId: addressId,
      paymentMethod: 'cash-on-delivery',
    };
    const { version, sha256 } = await orderContract(accessToken, request);
    const body = { ...request, contractAcceptance: { accepted: true, version, sha256 } };
    const placed = await api('POST', '/api/orders', body, accessToken, { 'Idempotency-Key': randomBytes(12).toString('hex') });
    if (placed.status !== 201) fail('place order', placed);
    return field<{ _id: string }>(placed.body, 'order')._id;
  }

  /** The id of the session an access token belongs to: its own row of the session list. */
  async function ownSessionId(accessToken: string): Promise<string> {
    const listed = await api('GET', '/api/users/sessions', undefined, accessToken);
    const sessions = listed.status === 200 ? field<{ _id: string; current: boolean }[]>(listed.body, 'sessions') : [];
    const own = sessions.find((session) => session.current);
    if (!own) fail('the session list', listed);
    return own._id;
  }

  /**
   * A variant of a priced product sold as variants (D25): one with no units left (`soldOut`), else
   * the one with the most, at least `quantity`. Lists carry prodOptions; one product's answer its variants.
   */
  async function variantOf(soldOut: boolean, quantity: number): Promise<{ productId: string; variantId: string }> {
    for (let offset = 0; offset < 1000; offset += 100) {
      const listed = await api('POST', '/api/product', { limit: 100, offset });
      const products = Array.isArray(listed.body) ? (listed.body as Record<string, unknown>[]) : [];
      for (const product of products.filter((candidate) => soldAsVariants(candidate) && typeof candidate.prodPrice === 'number')) {
        const one = await api('GET', `/api/product/${encodeURIComponent(String(product._id))}`);
        const variants = one.status === 200 ? (field<{ _id: string; stock: number }[] | undefined>(one.body, 'prodVariants') ?? []) : [];
        const fitting = variants.filter((variant) => (soldOut ? variant.stock === 0 : variant.stock >= quantity));
        const chosen = fitting.sort((a, b) => b.stock - a.stock)[0];
        if (chosen) return { productId: String(product._id), variantId: chosen._id };
      }
      if (products.length < 100) break;
    }
    throw new Error(
      `Provider state setup: no ${soldOut ? 'sold-out variant' : 'variant in stock'} (does the provider sell variants, D25?)`,
    );
  }

  function loggedIn(state: StateName): Session {
    if (!session) throw new Error(`"${state}" needs "${STATES.userLoggedIn}" first`);
    return session;
  }

  /** The account, unverified: verified by an earlier run against this provider, a fresh one stands in. */
  async function unverifiedUser(params: Credentials): Promise<{ email: string; accessToken: string }> {
    const user = await ensureUser(params);
    if (!user.isEmailVerified) return { email: params.email, accessToken: user.accessToken };
    const email = freshEmail(params.email.split('@')[0] ?? 'shopper');
    return { email, accessToken: (await ensureUser({ ...params, email })).accessToken };
  }

  async function verificationToken(user: { email: string; accessToken: string }): Promise<string> {
    return mailedToken(user.email, 'verify-email', async () => {
      const sent = await api('POST', '/api/users/verify-email', {}, user.accessToken);
      if (sent.status !== 200) fail('verify-email', sent);
    });
  }

  /**
   * D12 for real: a socket signed in as the prepared account, then the account's email gets
   * verified through the mailed link, and the payload the provider pushes to that socket is the
   * message under verification.
   */
  async function emittedEmailVerified(): Promise<unknown> {
    const user = toVerify;
    if (!user) throw new Error(`The emailVerified message needs the state "${STATES.userEmailVerified}"`);
    const socket = io(baseUrl, { auth: { token: user.accessToken }, forceNew: true, reconnection: false, transports: ['websocket'] });
    try {
      const payload = new Promise<unknown>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no emailVerified event reached the socket')), SOCKET_WAIT_MS);
        socket.once('emailVerified', (value: unknown) => {
          clearTimeout(timer);
          resolve(value);
        });
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', (error: Error) => reject(new Error(`socket refused: ${error.message}`)));
      });
      const token = await verificationToken(user);
      const verified = await api('POST', `/api/users/email-verification/${encodeURIComponent(token)}`, {});
      if (verified.status !== 200) fail('email-verification', verified);
      return await payload;
    } finally {
      socket.disconnect();
    }
  }

  const handlers: Handlers = {
    async [STATES.productsExist]() {
      if ((await catalogue()).length === 0) throw new Error('Provider state setup: the catalogue is empty');
      return {};
    },
    async [STATES.categoryHasProducts]() {
      const categories = await api('GET', '/api/Category');
      if (categories.status !== 200 || !Array.isArray(categories.body)) fail('the categories', categories);
      for (const { categoryId } of categories.body as { categoryId: number }[]) {
        const listed = await api('POST', '/api/product', { allCategoryIds: [categoryId] });
        if (listed.status === 200 && Array.isArray(listed.body) && listed.body.length > 0) return { categoryId };
      }
      throw new Error('Provider state setup: no category has products');
    },
    async [STATES.searchMatchesProducts]() {
      // Words of two or more product names first (as search reads them, D18): the likeliest to match several products.
      const names = (await catalogue()).map((product) => searchWords(typeof product.prodName === 'string' ? product.prodName : null));
      const words = [...new Set(names.flat().filter((word) => word.length >= 3))];
      const shared = (word: string) => names.filter((name) => name.some((own) => own.startsWith(word))).length;
      for (const q of words.filter((word) => shared(word) >= 2).sort((a, b) => shared(b) - shared(a))) {
        const found = await api('POST', '/api/product', { q, limit: 1, offset: 0 });
        if (found.status === 200 && Number(found.headers.get('x-total-count')) >= 2) return { q };
      }
      throw new Error('Provider state setup: no search text matches two products (does the provider search, D18?)');
    },
    async [STATES.productExists]() {
      // Orders buy it (the contract state, D24): a product sold as itself, not as variants (D25).
      const complete = (await catalogue()).find(
        (product) =>
          typeof product.prodDescription === 'string' &&
          typeof product.prodPrice === 'number' &&
          typeof product.prodImg1 === 'string' &&
          orderable(product),
      );
      if (typeof complete?._id !== 'string')
        throw new Error('Provider state setup: no orderable product with a description, a price and a picture');
      existingProductId = complete._id;
      // prodImg1 is a path on the provider's host or a URL on it (D10); the interaction asks for the path.
      return { productId: complete._id, picturePath: new URL(String(complete.prodImg1), `${baseUrl}/`).pathname };
    },
    async [STATES.catalogueHasOptionInStock]({ option }) {
      // D25: the panel's counts of the whole catalogue name a value of the option in stock; that value's counts, a price it holds.
      const counted = await api('POST', '/api/product/facets', { inStock: true });
      const options = field<{ name: string; values: { value: string; count: number }[] }[] | undefined>(counted.body, 'options') ?? [];
      const named = options.find((candidate) => candidate.name === option);
      const value = named?.values.find((candidate) => candidate.count > 0)?.value;
      if (counted.status !== 200 || value === undefined) fail(`a value of ${option} in stock (does the provider filter, D25?)`, counted);
      const priced = await api('POST', '/api/product/facets', { options: { [option]: [value] }, inStock: true });
      const price = field<{ min: number } | null>(priced.body, 'price')?.min;
      if (priced.status !== 200 || price === undefined) fail(`a priced product in ${option} ${value}`, priced);
      return { value, price };
    },
    async [STATES.productHasVariants]() {
      // Lists carry each product's options (D25): the first priced one with options whose own answer has variants.
      const candidates = (await catalogue()).filter(
        (product) => soldAsVariants(product) && typeof product.prodStock === 'number' && typeof product.prodPrice === 'number',
      );
      for (const candidate of candidates.slice(0, 10)) {
        const one = await api('GET', `/api/product/${encodeURIComponent(String(candidate._id))}`);
        const variants = field<unknown>(one.body, 'prodVariants');
        if (one.status === 200 && Array.isArray(variants) && variants.length > 0) {
          return { productId: String(candidate._id), productName: String(candidate.prodName) };
        }
      }
      throw new Error('Provider state setup: no product has variants (does the provider sell variants, D25?)');
    },
    async [STATES.productHasRelated]() {
      // D25: the first product of the catalogue with something related (one of the same or a neighbouring category).
      const listed = await api('POST', '/api/product', { limit: 50, offset: 0 });
      for (const product of Array.isArray(listed.body) ? (listed.body as { _id?: unknown }[]) : []) {
        const related = await api('GET', `/api/product/${encodeURIComponent(String(product._id))}/related`);
        if (related.status === 200 && Array.isArray(related.body) && related.body.length > 0) return { productId: String(product._id) };
      }
      throw new Error('Provider state setup: no product has related products (does the provider answer them, D25?)');
    },
    async [STATES.noProductWithId]() {
      return {};
    },
    async [STATES.categoriesExist]() {
      const listed = await api('GET', '/api/Category');
      if (listed.status !== 200 || !Array.isArray(listed.body) || listed.body.length === 0) fail('the categories', listed);
      return {};
    },
    async [STATES.cityWithDistricts]({ stateCode }) {
      const listed = await api('GET', `/api/address/submunicipalities/${encodeURIComponent(stateCode)}`);
      const first = Array.isArray(listed.body) ? (listed.body[0] as { subMunicipalityId?: number } | undefined) : undefined;
      if (listed.status !== 200 || first?.subMunicipalityId === undefined) fail('the sub-municipalities', listed);
      return { subMunicipalityId: first.subMunicipalityId };
    },
    async [STATES.userExists](params) {
      return { userId: (await ensureUser(params)).userId };
    },
    async [STATES.emailUnregistered]({ emailPrefix }) {
      return { email: freshEmail(emailPrefix) };
    },
    async [STATES.userLoggedIn](params) {
      const user = await ensureUser(params);
      session = { accessToken: user.accessToken, refreshToken: user.refreshToken };
      return { userId: user.userId, ...session };
    },
    async [STATES.userHasAddress]({ addressName }) {
      if (!session) throw new Error(`"${STATES.userHasAddress}" needs "${STATES.userLoggedIn}" first`);
      savedAddressId = await saveAddress(session.accessToken, addressName);
      return { addressId: savedAddressId };
    },
    async [STATES.otherUserHasAddress]({ addressName, ...owner }) {
      const other = await ensureUser(owner);
      return { otherAddressId: await saveAddress(other.accessToken, addressName) };
    },
    async [STATES.refreshTokenRotated](params) {
      const user = await ensureUser(params);
      const rotated = await api('GET', REFRESH_PATH, undefined, user.refreshToken);
      if (rotated.status !== 200) fail('refresh', rotated);
      // The access token is the live one; the refresh token is the one just rotated away.
      session = { accessToken: field<string>(rotated.body, 'accessToken'), refreshToken: user.refreshToken };
      return { userId: user.userId, ...session };
    },
    async [STATES.accessTokenInvalid]() {
      session = null;
      return {};
    },
    async [STATES.verificationTokenExists](params) {
      const user = await unverifiedUser(params);
      return { verificationToken: await verificationToken(user) };
    },
    async [STATES.anonymousVerificationTokenExists]({ emailPrefix }) {
      const email = freshEmail(emailPrefix);
      const token = await mailedToken(email, 'verify-email-anonymous', async () => {
        const sent = await api('POST', '/api/users/verify-email-anonymous', { to: email });
        if (sent.status !== 200) fail('verify-email-anonymous', sent);
      });
      return { anonymousToken: token };
    },
    async [STATES.anonymousVerificationPending]({ emailPrefix }) {
      const email = freshEmail(emailPrefix);
      const sent = await api('POST', '/api/users/verify-email-anonymous', { to: email });
      if (sent.status !== 200) fail('verify-email-anonymous', sent);
      return { email };
    },
    async [STATES.verificationTokenUnknown]() {
      return {};
    },
    async [STATES.resetTokenExists](params) {
      await ensureUser(params);
      const token = await mailedToken(params.email, 'reset-password', async () => {
        const asked = await api('POST', '/api/users/forgot-password', { to: params.email });
        if (asked.status !== 200) fail('forgot-password', asked);
      });
      return { resetToken: token };
    },
    async [STATES.resetTokenUnknown]() {
      return {};
    },
    async [STATES.userEmailVerified](params) {
      toVerify = await unverifiedUser(params);
      return {};
    },
    async [STATES.orderKeyUnused]() {
      return { idempotencyKey: `contract-${randomBytes(12).toString('hex')}` };
    },
    async [STATES.orderContractRendered]({ quantity, paymentMethod }) {
      const { accessToken } = loggedIn(STATES.orderContractRendered);
      if (!savedAddressId || !existingProductId) {
        throw new Error(`"${STATES.orderContractRendered}" needs "${STATES.userHasAddress}" and "${STATES.productExists}" first`);
      }
      const request = {
        lines: [{ _id: existingProductId, quantity }],
        billingAddressId: savedAddressId,
        shippingAddressId: savedAddressId,
        paymentMethod,
      };
      const { version, sha256 } = await orderContract(accessToken, request);
      return { contractVersion: version, contractSha256: sha256 };
    },
    async [STATES.variantSoldOut]() {
      return variantOf(true, 1);
    },
    async [STATES.variantOrderContractRendered]({ quantity, paymentMethod, soldOut }) {
      const { accessToken } = loggedIn(STATES.variantOrderContractRendered);
      if (!savedAddressId) throw new Error(`"${STATES.variantOrderContractRendered}" needs "${STATES.userHasAddress}" first`);
      const { productId, variantId } = await variantOf(soldOut, quantity);
      const request = {
        lines: [{ _id: productId, variantId, quantity }],
        billingAddressId: savedAddressId,
        shippingAddressId: savedAddressId,
        paymentMethod,
      };
      const { version, sha256 } = await orderContract(accessToken, request);
      return { productId, variantId, contractVersion: version, contractSha256: sha256 };
    },
    async [STATES.marketingConsentGiven]() {
      const changed = await api('PUT', '/api/users/consents', { marketing: true }, loggedIn(STATES.marketingConsentGiven).accessToken);
      if (changed.status !== 200) fail('consents', changed);
      return {};
    },
    async [STATES.userHasOrder]() {
      return { orderId: await placeOrder(loggedIn(STATES.userHasOrder).accessToken) };
    },
    async [STATES.userHasCancelledOrder]() {
      const { accessToken } = loggedIn(STATES.userHasCancelledOrder);
      const orderId = await placeOrder(accessToken);
      const cancelled = await api('POST', `/api/orders/${orderId}/cancel`, {}, accessToken);
      if (cancelled.status !== 200) fail('cancel order', cancelled);
      return { orderId };
    },
    async [STATES.otherUserHasOrder](owner) {
      const other = await ensureUser(owner);
      return { otherOrderId: await placeOrder(other.accessToken) };
    },
    async [STATES.userSignedInElsewhere](params) {
      loggedIn(STATES.userSignedInElsewhere);
      return { otherSessionId: await ownSessionId((await ensureUser(params)).accessToken) };
    },
    async [STATES.otherUserSignedIn](owner) {
      return { otherUserSessionId: await ownSessionId((await ensureUser(owner)).accessToken) };
    },
  };

  const stateHandlers: ProviderStateSetup['stateHandlers'] = {};
  for (const name of Object.values(STATES)) {
    const handler = handlers[name] as (params: unknown) => Promise<Record<string, unknown>>;
    stateHandlers[name] = {
      setup: async (params) => {
        await options.resetThrottles?.();
        return handler(params ?? {});
      },
      // Every interaction starts without a session: a later one must not reuse this bearer.
      teardown: async () => {
        session = null;
        savedAddressId = null;
        existingProductId = null;
        return undefined;
      },
    };
  }

  return {
    stateHandlers,
    beforeEach: async () => {
      session = null;
    },
    messageProviders: {
      // The metadata names the socket.io event the payload arrived on.
      'an emailVerified event': providerWithMetadata(emittedEmailVerified, { event: 'emailVerified' }),
    },
  };
}
