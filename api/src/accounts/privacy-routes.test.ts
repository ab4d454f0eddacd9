import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProducts } from '@shop/core/demo/demo-catalog';
import { productIdFromSlug } from '@shop/core/demo/product-id';
import { CONSENT_VERSIONS } from '../legal/consents';
import { withAcceptedContract } from '../testing/accepted-order';
import { STRONG_PASSWORD, bearer, build, type TestServer } from '../testing/test-server';

let s: TestServer;
beforeAll(async () => {
  s = await build({ seed: true, env: { RATE_LIMIT_DATA_EXPORT_PER_USER: '3', RATE_LIMIT_DELETE_ACCOUNT_PER_USER: '4' } });
});
afterAll(async () => {
  await s.close();
});

let shoppers = 0;
/** Signs up as the shop does (D24: the privacy notice acknowledged, marketing as chosen), then logs in. */
async function signUp(consents: Record<string, unknown> | null = { privacyNotice: true, marketing: false }) {
  const email = `privacy-${++shoppers}@example.com`;
  const registered = await s.request({
    method: 'POST',
    url: '/api/users/register',
    payload: { userName: 'Ada', email, password: STRONG_PASSWORD, ...(consents ? { consents } : {}) },
  });
  expect(registered.statusCode).toBe(201);
  const login = await s.request({ method: 'POST', url: '/api/users/login', payload: { email, password: STRONG_PASSWORD } });
  const { accessToken, user } = login.json<{ accessToken: string; user: { _id: string } }>();
  return { email, token: accessToken, userId: user._id };
}

const profile = (token: string) => s.request({ method: 'GET', url: '/api/users/profile', headers: bearer(token) });

async function placeOrder(token: string): Promise<{ _id: string; contract: { sha256: string } }> {
  const saved = await s.request({
    method: 'PUT',
    url: '/api/users/update-address',
    headers: bearer(token),
    payload: { addressName: 'Ev', receiverName: 'Ada Lovelace', streetOrAvenue: 'Moda Cd.', countryName: 'Türkiye' },
  });
  const addressId = saved.json<{ _newId: string }>()._newId;
  const product = demoProducts.find((candidate) => candidate.price !== null && candidate.price < 1000);
  const body = {
    lines: [{ _id: productIdFromSlug(product!.slug), quantity: 1 }],
    billingAddressId: addressId,
    shippingAddressId: addressId,
    paymentMethod: 'cash-on-delivery',
  };
  const placed = await s.request({
    method: 'POST',
    url: '/api/orders',
    headers: { ...bearer(token), 'idempotency-key': `privacy-${Date.now()}-${shoppers}` },
    payload: await withAcceptedContract(s, token, body),
  });
  expect(placed.statusCode).toBe(201);
  return placed.json<{ order: { _id: string; contract: { sha256: string } } }>().order;
}

describe('consents (D24)', () => {
  it('records the privacy notice and the marketing choice of the sign-up with their versions and time; the profile answers them', async () => {
    const { token } = await signUp({ privacyNotice: true, marketing: false });
    const answer = (await profile(token)).json();
    const at = s.clock.now().toISOString();
    expect(answer.consents).toEqual({
      privacyNotice: { granted: true, version: CONSENT_VERSIONS['privacy-notice'], at },
      marketing: { granted: false, version: CONSENT_VERSIONS.marketing, at },
    });
    expect(answer.user).not.toHaveProperty('consents');
  });

  it("keeps SPEC's sign-up body working: no consents sent, none recorded", async () => {
    const { token } = await signUp(null);
    expect((await profile(token)).json().consents).toEqual({ privacyNotice: null, marketing: null });
  });

  it('refuses a sign-up whose privacy notice is not accepted, creating nothing', async () => {
    const response = await s.request({
      method: 'POST',
      url: '/api/users/register',
      payload: { userName: 'Eve', email: 'privacy-refused@example.com', password: STRONG_PASSWORD, consents: { privacyNotice: false } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('You must accept the privacy notice');
    const { rows } = await s.testDb.db.query("SELECT 1 FROM users WHERE email_key = 'privacy-refused@example.com'");
    expect(rows).toEqual([]);
  });

  it('PUT /api/users/consents turns marketing on and off; every change is kept with its time', async () => {
    const { token, userId } = await signUp();
    s.clock.advance(60_000);
    const on = await s.request({ method: 'PUT', url: '/api/users/consents', headers: bearer(token), payload: { marketing: true } });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({
      success: true,
      message: 'Your communication preferences have been saved.',
      consents: { marketing: { granted: true, at: s.clock.now().toISOString() }, privacyNotice: { granted: true } },
    });
    await s.request({ method: 'PUT', url: '/api/users/consents', headers: bearer(token), payload: { marketing: false } });
    expect((await profile(token)).json().consents.marketing.granted).toBe(false);
    const { rows } = await s.testDb.db.query<{ granted: boolean }>(
      "SELECT granted FROM consents WHERE user_id = $1 AND kind = 'marketing' ORDER BY id",
      [userId],
    );
    expect(rows.map((row) => row.granted)).toEqual([false, true, false]);
    const bad = await s.request({ method: 'PUT', url: '/api/users/consents', headers: bearer(token), payload: { marketing: 'yes' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/users/data-export (D24)', () => {
  it('answers a JSON file of the profile, the addresses, the orders with their contracts and the consents; throttled', async () => {
    const { token, email } = await signUp({ privacyNotice: true, marketing: true });
    const order = await placeOrder(token);
    const response = await s.request({ method: 'GET', url: '/api/users/data-export', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="storefront-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers['cache-control']).toBe('no-store');
    const data = response.json();
    expect(data.profile).toMatchObject({ email, userName: 'Ada' });
    expect(data.profile).not.toHaveProperty('password_hash');
    expect(data.addresses).toEqual([expect.objectContaining({ receiverName: 'Ada Lovelace' })]);
    expect(data.orders).toEqual([
      expect.objectContaining({ _id: order._id, contract: expect.objectContaining({ sha256: order.contract.sha256 }) }),
    ]);
    expect(data.consents.map((consent: { kind: string; granted: boolean }) => [consent.kind, consent.granted])).toEqual([
      ['privacy-notice', true],
      ['marketing', true],
    ]);
    for (let call = 2; call <= 3; call += 1) {
      expect((await s.request({ method: 'GET', url: '/api/users/data-export', headers: bearer(token) })).statusCode).toBe(200);
    }
    expect((await s.request({ method: 'GET', url: '/api/users/data-export', headers: bearer(token) })).statusCode).toBe(429);
  });
});

describe('POST /api/users/delete-account (D24)', () => {
  const remove = (token: string, password: unknown) =>
    s.request({ method: 'POST', url: '/api/users/delete-account', headers: bearer(token), payload: { password } });

  it('asks for the password again: a wrong one deletes nothing', async () => {
    const { token, userId } = await signUp();
    const response = await remove(token, 'Wr0ng!Pass');
    expect([response.statusCode, response.json()]).toEqual([400, { success: false, message: 'The password is incorrect.' }]);
    expect((await remove(token, '')).statusCode).toBe(400);
    const { rows } = await s.testDb.db.query('SELECT 1 FROM users WHERE id = $1', [userId]);
    expect(rows).toHaveLength(1);
    expect((await profile(token)).statusCode).toBe(200);
  });

  it('removes the account, addresses, consents and sessions; keeps the orders without the person; mails a confirmation', async () => {
    const { token, userId, email } = await signUp({ privacyNotice: true, marketing: true });
    const order = await placeOrder(token);
    await s.flushMail();
    const response = await remove(token, STRONG_PASSWORD);
    expect([response.statusCode, response.json()]).toEqual([200, { success: true, message: 'Your account has been deleted.' }]);

    expect((await profile(token)).statusCode).toBe(401);
    const login = await s.request({ method: 'POST', url: '/api/users/login', payload: { email, password: STRONG_PASSWORD } });
    expect(login.statusCode).toBe(401);
    for (const table of ['users WHERE id', 'addresses WHERE user_id', 'consents WHERE user_id', 'session_families WHERE user_id']) {
      const { rows } = await s.testDb.db.query(`SELECT 1 FROM ${table} = $1`, [userId]);
      expect(rows, table).toEqual([]);
    }

    const kept = await s.testDb.db.query<{ user_id: string | null; billing_address: string | object; shipping_address: string | object }>(
      'SELECT user_id, billing_address, shipping_address FROM orders WHERE id = $1',
      [order._id],
    );
    const row = kept.rows[0];
    expect(row?.user_id).toBeNull();
    const stored = JSON.stringify([row?.billing_address, row?.shipping_address]);
    expect(stored).not.toContain('Ada');
    expect(stored).not.toContain('Moda');
    const contract = await s.testDb.db.query<{
      text: string | null;
      text_sha256: string;
      client_ip: string | null;
      user_agent: string | null;
    }>('SELECT text, text_sha256, client_ip, user_agent FROM order_contracts WHERE order_id = $1', [order._id]);
    expect(contract.rows[0]).toEqual({ text: null, text_sha256: order.contract.sha256, client_ip: null, user_agent: null });
    expect(order.contract.sha256).toMatch(/^[0-9a-f]{64}$/);

    const mail = (await s.flushMail()).filter((sent) => sent.to === email).at(-1);
    expect(mail?.subject).toBe('Your account has been deleted');
    expect(mail?.text).toContain('Your orders are kept for the tax records');
  });

  it('throttles attempts per user', async () => {
    const { token } = await signUp();
    const statuses = [];
    for (let attempt = 0; attempt < 5; attempt += 1) statuses.push((await remove(token, 'Wr0ng!Pass')).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
  });

  it('answers 401 without a session on every route of the shopper’s data', async () => {
    for (const [method, url] of [
      ['PUT', '/api/users/consents'],
      ['GET', '/api/users/data-export'],
      ['POST', '/api/users/delete-account'],
    ] as const) {
      const response = await s.request({ method, url, ...(method === 'GET' ? {} : { payload: {} }) });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
