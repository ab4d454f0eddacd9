import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, build, STRONG_PASSWORD, type TestServer } from '../testing/test-server';
import { hasUnsafeText } from './reject-unsafe-text';

const NUL = '\u0000';
const bodyRejected = { success: false, message: 'Invalid request. body: text must not contain NUL characters or unpaired surrogates.' };
const paramsRejected = { success: false, message: 'Invalid request. params: text must not contain NUL characters or unpaired surrogates.' };
const queryRejected = { success: false, message: 'Invalid request. query: text must not contain NUL characters or unpaired surrogates.' };

describe('hasUnsafeText', () => {
  it('finds NUL and unpaired surrogates in strings, keys and nested values', () => {
    expect(hasUnsafeText(`a${NUL}b`)).toBe(true);
    expect(hasUnsafeText('a\ud800')).toBe(true);
    expect(hasUnsafeText('\udc00a')).toBe(true);
    expect(hasUnsafeText('\udc00\ud800')).toBe(true);
    expect(hasUnsafeText({ [`k${NUL}`]: 1 })).toBe(true);
    expect(hasUnsafeText({ a: [1, { b: ['ok', `x${NUL}`] }] })).toBe(true);
  });

  it('accepts ordinary text, well-formed pairs and non-strings', () => {
    expect(hasUnsafeText('Ada 😀 İstanbul\n\t')).toBe(false);
    expect(hasUnsafeText({ a: [1, true, null, { b: 'ok' }] })).toBe(false);
    expect(hasUnsafeText(undefined)).toBe(false);
  });

  it('walks nesting far deeper than the call stack and very long arrays', () => {
    let deep: unknown = `x${NUL}`;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(hasUnsafeText(deep)).toBe(true);
    expect(hasUnsafeText(Array.from({ length: 500_000 }, () => 'x'))).toBe(false);
  });
});

describe('NUL and unpaired surrogates are refused at the edge (400), on every route', () => {
  let s: TestServer;
  let access: string;
  let addressId: string;
  beforeAll(async () => {
    s = await build();
    access = (await s.signIn('edge@example.com')).accessToken;
    const saved = await s.request({
      method: 'PUT',
      url: '/api/users/update-address',
      headers: bearer(access),
      payload: { addressName: 'Home' },
    });
    addressId = saved.json()._newId;
  });
  afterAll(async () => {
    await s.close();
  });

  const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, auth = false) =>
    s.request({ method, url, ...(payload ? { payload } : {}), ...(auth ? { headers: bearer(access) } : {}) });

  it('register: NUL in userName or email', async () => {
    const byName = await send('POST', '/api/users/register', {
      userName: `Ada${NUL}`,
      email: 'nul-name@example.com',
      password: STRONG_PASSWORD,
    });
    expect([byName.statusCode, byName.json()]).toEqual([400, bodyRejected]);
    const byEmail = await send('POST', '/api/users/register', {
      userName: 'Ada',
      email: `nul${NUL}@example.com`,
      password: STRONG_PASSWORD,
    });
    expect([byEmail.statusCode, byEmail.json()]).toEqual([400, bodyRejected]);
  });

  it('login: NUL in email', async () => {
    const response = await send('POST', '/api/users/login', { email: `edge${NUL}@example.com`, password: STRONG_PASSWORD });
    expect([response.statusCode, response.json()]).toEqual([400, bodyRejected]);
  });

  it('profile PUT: NUL in name leaves the profile as it was', async () => {
    const response = await send('PUT', '/api/users/profile', { name: `Ada${NUL}` }, true);
    expect([response.statusCode, response.json()]).toEqual([400, bodyRejected]);
    const profile = await send('GET', '/api/users/profile', undefined, true);
    expect(profile.json().user.name).toBe('');
  });

  it('update-address: NUL in a field or in _id', async () => {
    const byField = await send('PUT', '/api/users/update-address', { _id: addressId, streetOrAvenue: `Moda${NUL}` }, true);
    expect([byField.statusCode, byField.json()]).toEqual([400, bodyRejected]);
    const byId = await send('PUT', '/api/users/update-address', { _id: `${addressId}${NUL}` }, true);
    expect([byId.statusCode, byId.json()]).toEqual([400, bodyRejected]);
  });

  it('delete-address: NUL in _id', async () => {
    const response = await send('POST', '/api/users/delete-address', { _id: `${addressId}${NUL}` }, true);
    expect([response.statusCode, response.json()]).toEqual([400, bodyRejected]);
  });

  it('verify-email-anonymous and forgot-password: NUL in to', async () => {
    const verify = await send('POST', '/api/users/verify-email-anonymous', { to: `new${NUL}@example.com` });
    expect([verify.statusCode, verify.json()]).toEqual([400, bodyRejected]);
    const forgot = await send('POST', '/api/users/forgot-password', { to: `edge@example.com${NUL}` });
    expect([forgot.statusCode, forgot.json()]).toEqual([400, bodyRejected]);
  });

  it('a token path parameter with NUL', async () => {
    const reset = await send('PUT', `/api/users/reset-password/${'a'.repeat(42)}%00`, { newpass: 'An0ther!Pass' });
    expect([reset.statusCode, reset.json()]).toEqual([400, paramsRejected]);
    const verify = await send('POST', `/api/users/email-verification/${'a'.repeat(42)}%00`);
    expect([verify.statusCode, verify.json()]).toEqual([400, paramsRejected]);
  });

  it('a query string with NUL, and a NUL in an object key', async () => {
    const query = await send('GET', '/api/category?x=%00');
    expect([query.statusCode, query.json()]).toEqual([400, queryRejected]);
    const key = await send('PUT', '/api/users/profile', { [`name${NUL}`]: 'x' }, true);
    expect([key.statusCode, key.json()]).toEqual([400, bodyRejected]);
  });

  it('unpaired surrogates: refused rather than failing in jsonb or being stored as U+FFFD', async () => {
    const address = await send('PUT', '/api/users/update-address', { _id: addressId, addressDetails: 'Line \ud800' }, true);
    expect([address.statusCode, address.json()]).toEqual([400, bodyRejected]);
    const name = await send('PUT', '/api/users/profile', { name: 'Ada \udc00' }, true);
    expect([name.statusCode, name.json()]).toEqual([400, bodyRejected]);
    expect((await send('GET', '/api/users/profile', undefined, true)).json().user.name).toBe('');
  });

  it('well-formed text outside the BMP is still accepted', async () => {
    const response = await send('PUT', '/api/users/profile', { name: 'Ada 😀' }, true);
    expect(response.statusCode).toBe(200);
    expect((await send('GET', '/api/users/profile', undefined, true)).json().user.name).toBe('Ada 😀');
  });
});
