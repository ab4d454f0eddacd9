import { describe, expect, it } from 'vitest';
import { FakeSessionCredentials } from '../fake/fake-session-credentials';
import { AuthenticatedHttp } from './authenticated-http';
import { type Fetch, HttpClient } from './http-client';

interface Sent {
  url: string;
  method: string | undefined;
  authorization: string | null;
  body: unknown;
}

/** An HttpClient whose fetch records each request and answers `status` (or waits for `hold`). */
function client(status = 200, hold?: Promise<void>) {
  const sent: Sent[] = [];
  const fetch: Fetch = async (url, init) => {
    const headers = new Headers(init.headers);
    sent.push({ url, method: init.method, authorization: headers.get('Authorization'), body: init.body });
    await hold;
    return { status, text: async () => JSON.stringify({ success: status < 300, message: `status ${status}` }) };
  };
  return { http: new HttpClient({ baseUrl: 'http://api.test', fetch }), sent };
}

describe('AuthenticatedHttp', () => {
  it("adds the session's current access token as bearer, read at each call", async () => {
    const { http, sent } = client();
    const session = new FakeSessionCredentials('token-1', 'user-1');
    const authenticated = new AuthenticatedHttp(http, session);

    await authenticated.request('PUT', '/api/users/profile', { body: { name: 'Ada' } });
    session.signIn('token-2');
    await authenticated.request('GET', '/api/users/profile');

    expect(sent).toEqual([
      { url: 'http://api.test/api/users/profile', method: 'PUT', authorization: 'Bearer token-1', body: '{"name":"Ada"}' },
      { url: 'http://api.test/api/users/profile', method: 'GET', authorization: 'Bearer token-2', body: undefined },
    ]);
  });

  it('passes every answer but a 401 through as it is, ending nothing', async () => {
    const { http } = client(403);
    const session = new FakeSessionCredentials('token-1');
    const response = await new AuthenticatedHttp(http, session).request('GET', '/api/users/profile');
    expect(response).toEqual({ status: 403, ok: false, body: { success: false, message: 'status 403' }, error: 'status 403' });
    expect(session.rejections).toBe(0);
  });

  it('ends the session on a 401 and marks the answer unauthorised', async () => {
    const { http } = client(401);
    const session = new FakeSessionCredentials('token-1');
    const response = await new AuthenticatedHttp(http, session).request('POST', '/api/users/verify-email', { body: {} });
    expect(response).toMatchObject({ status: 401, unauthorised: true });
    expect(session.rejections).toBe(1);
    expect(session.accessToken).toBeNull();
  });

  it('ends the session once when several calls of it are refused together', async () => {
    let release = () => {};
    const { http, sent } = client(
      401,
      new Promise<void>((resolve) => {
        release = resolve;
      }),
    );
    const session = new FakeSessionCredentials('token-1');
    const authenticated = new AuthenticatedHttp(http, session);
    const calls = [authenticated.request('GET', '/a'), authenticated.request('GET', '/b'), authenticated.request('GET', '/c')];
    release();
    const answers = await Promise.all(calls);
    expect(sent).toHaveLength(3);
    expect(answers.every((answer) => answer.unauthorised)).toBe(true);
    expect(session.rejections).toBe(1);
  });

  it("ends nothing when the refused token is no longer the session's (another session began meanwhile)", async () => {
    let release = () => {};
    const { http } = client(
      401,
      new Promise<void>((resolve) => {
        release = resolve;
      }),
    );
    const session = new FakeSessionCredentials('old-token');
    const call = new AuthenticatedHttp(http, session).request('GET', '/api/users/profile');
    session.signIn('new-token');
    release();
    expect(await call).toMatchObject({ status: 401, unauthorised: true });
    expect(session.rejections).toBe(0);
    expect(session.accessToken).toBe('new-token');
  });

  it('sends nothing without a session, and answers as the server would: unauthorised', async () => {
    const { http, sent } = client();
    const session = new FakeSessionCredentials();
    expect(await new AuthenticatedHttp(http, session).request('GET', '/api/users/profile')).toEqual({
      status: 401,
      ok: false,
      body: undefined,
      unauthorised: true,
    });
    expect(sent).toEqual([]);
    expect(session.rejections).toBe(0);
  });
});
