// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { FakeClock } from '../adapters/fake/fake-clock';
import { FakeRealtime } from '../adapters/fake/fake-realtime';
import { MemorySessionStorage } from '../adapters/fake/memory-storage';
import { unsignedAccessToken } from '../adapters/fake/unsigned-jwt';
import { JwtTokenDecoder } from '../adapters/jwt/jwt-token-decoder';
import { LocalSessionStorage } from '../adapters/storage/local-session-storage';
import type { Outcome } from '@shop/core/domain/outcome';
import type { StoredSession, User } from '@shop/core/domain/user';
import type { AccountGateway, LoginData, TokenPair } from '@shop/core/ports/account-gateway';
import { type SessionEnd, SessionStore } from './session-store';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

const user: User = {
  _id: 'a1b2c3d4e5f6a7b8c9d0',
  userId: 'U-1',
  userName: 'ayse',
  email: 'ayse@example.com',
  isEmailVerified: false,
  phone: '',
  phoneCCode: '',
  phoneACode: '',
  phoneMain: '',
  name: 'Ayşe',
  surname: 'Yılmaz',
  address: [],
};

const notUsed = async (): Promise<Outcome<never>> => ({ ok: false, kind: 'unavailable', message: 'not used in this test' });

function testAccount(overrides: Partial<AccountGateway> = {}) {
  const account = {
    login: vi.fn<AccountGateway['login']>(notUsed),
    register: vi.fn<AccountGateway['register']>(notUsed),
    logout: vi.fn<AccountGateway['logout']>(async () => ({ ok: true, data: undefined })),
    refresh: vi.fn<AccountGateway['refresh']>(notUsed),
    updatePassword: vi.fn<AccountGateway['updatePassword']>(notUsed),
    resetPassword: vi.fn<AccountGateway['resetPassword']>(notUsed),
    forgotPassword: vi.fn<AccountGateway['forgotPassword']>(notUsed),
    getProfile: vi.fn<AccountGateway['getProfile']>(notUsed),
    updateProfile: vi.fn<AccountGateway['updateProfile']>(notUsed),
    sendVerificationEmail: vi.fn<AccountGateway['sendVerificationEmail']>(notUsed),
    sendAnonymousVerificationEmail: vi.fn<AccountGateway['sendAnonymousVerificationEmail']>(notUsed),
    verifyEmail: vi.fn<AccountGateway['verifyEmail']>(notUsed),
    verifyEmailAnonymous: vi.fn<AccountGateway['verifyEmailAnonymous']>(notUsed),
    listSessions: vi.fn<AccountGateway['listSessions']>(notUsed),
    endSession: vi.fn<AccountGateway['endSession']>(notUsed),
    endOtherSessions: vi.fn<AccountGateway['endOtherSessions']>(notUsed),
  };
  for (const [name, impl] of Object.entries(overrides)) {
    account[name as keyof AccountGateway].mockImplementation(impl as never);
  }
  return account;
}

function setup(options: { stored?: StoredSession | null; account?: Partial<AccountGateway> } = {}) {
  const clock = new FakeClock();
  const storage = new MemorySessionStorage(options.stored ?? null);
  const account = testAccount(options.account);
  const realtime = new FakeRealtime();
  const store = new SessionStore(account, storage, new JwtTokenDecoder(), clock, realtime);
  return { clock, storage, account, realtime, store, ends: endsOf(store) };
}

/** Every session end the store announces, in order. */
function endsOf(store: SessionStore): SessionEnd[] {
  const ends: SessionEnd[] = [];
  store.onSessionEnded((end) => ends.push(end));
  return ends;
}

/** A stored session whose access token expires 15 minutes after the fake clock's start. */
function storedSession(refreshToken: string | null = 'refresh-1') {
  const expiry = new FakeClock().now() + 15 * MINUTE;
  return { expiry, session: { accessToken: unsignedAccessToken(expiry), refreshToken, user } satisfies StoredSession };
}

const loginOk =
  (accessToken: string, refreshToken = 'refresh-1') =>
  async (): Promise<Outcome<LoginData>> => ({ ok: true, data: { accessToken, refreshToken, user } });

describe('SessionStore start (restore)', () => {
  it('restores a stored session whose access token has not expired', () => {
    const { session } = storedSession();
    const { store, realtime } = setup({ stored: session });

    store.start();

    expect(store.isLoggedIn).toBe(true);
    expect(store.user).toEqual(user);
    expect(store.accessToken).toBe(session.accessToken);
    expect(store.refreshToken).toBe('refresh-1');
    expect(realtime.openConnections().map((c) => c.accessToken)).toEqual([session.accessToken]);
  });

  it('does not restore an expired token and clears storage', () => {
    const clock = new FakeClock();
    const stored = { accessToken: unsignedAccessToken(clock.now() - SECOND), refreshToken: 'r', user };
    const { store, storage, realtime } = setup({ stored });

    store.start();

    expect(store.isLoggedIn).toBe(false);
    expect(storage.load()).toBeNull();
    expect(realtime.connections).toEqual([]);
  });

  it('ends an expired stored session on the server with its refresh token, announcing no end (none had begun)', () => {
    const clock = new FakeClock();
    const stored = { accessToken: unsignedAccessToken(clock.now() - SECOND), refreshToken: 'stale-refresh', user };
    const { store, account, ends } = setup({ stored });

    store.start();

    expect(account.logout).toHaveBeenCalledExactlyOnceWith('stale-refresh');
    expect(ends).toEqual([]);
  });

  it('does not restore an undecodable token (treated as expired)', () => {
    const { store, storage, clock, ends } = setup({ stored: { accessToken: 'not-a-jwt', refreshToken: 'r', user } });

    store.start();

    expect(store.isLoggedIn).toBe(false);
    expect(storage.load()).toBeNull();
    clock.advance(60 * MINUTE);
    expect(ends).toEqual([]);
  });

  it.each([
    ['unparsable JSON', '{"_id":'],
    ['a user without an email', JSON.stringify({ ...user, email: undefined })],
    ['a list', '[]'],
  ])('starts cleanly logged out from a corrupt stored user (%s), with the stored tokens and user removed', (_name, raw) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { session } = storedSession();
    localStorage.setItem('accessToken', session.accessToken);
    localStorage.setItem('refreshToken', 'refresh-1');
    localStorage.setItem('user', raw);
    const clock = new FakeClock();
    const realtime = new FakeRealtime();
    const store = new SessionStore(testAccount(), new LocalSessionStorage(localStorage), new JwtTokenDecoder(), clock, realtime);
    const ends = endsOf(store);

    expect(() => store.start()).not.toThrow();

    expect(store.isLoggedIn).toBe(false);
    expect(store.user).toBeNull();
    expect(store.accessToken).toBeNull();
    expect(['accessToken', 'refreshToken', 'user'].map((key) => localStorage.getItem(key))).toEqual([null, null, null]);
    expect(realtime.connections).toEqual([]);
    clock.advance(60 * MINUTE);
    expect(ends).toEqual([]);
    vi.restoreAllMocks();
  });

  it('restores a stored user with unknown fields from local storage', () => {
    const { session } = storedSession();
    localStorage.setItem('accessToken', session.accessToken);
    localStorage.setItem('user', JSON.stringify({ ...user, __v: 0, cart: [] }));
    const store = new SessionStore(
      testAccount(),
      new LocalSessionStorage(localStorage),
      new JwtTokenDecoder(),
      new FakeClock(),
      new FakeRealtime(),
    );

    store.start();

    expect(store.isLoggedIn).toBe(true);
    expect(store.user).toEqual(user);
  });

  it('stays logged out with nothing stored', () => {
    const { store } = setup();
    store.start();
    expect(store.isLoggedIn).toBe(false);
    expect(store.hasValidAccessToken()).toBe(false);
  });
});

describe('SessionStore login and sign-up', () => {
  it('stores tokens and user, starts the timer and connects realtime', async () => {
    const clock = new FakeClock();
    const expiry = clock.now() + 15 * MINUTE;
    const access = unsignedAccessToken(expiry);
    const { store, storage, realtime, account, clock: storeClock } = setup({ account: { login: loginOk(access) } });

    await expect(store.login('ayse@example.com', 'Secret1!')).resolves.toEqual({ ok: true });

    expect(account.login).toHaveBeenCalledWith('ayse@example.com', 'Secret1!');
    expect(store.isLoggedIn).toBe(true);
    expect(storage.load()).toEqual({ accessToken: access, refreshToken: 'refresh-1', user });
    expect(realtime.openConnections().map((c) => c.accessToken)).toEqual([access]);
    storeClock.advanceTo(expiry - 120 * SECOND);
    expect(store.warning).toBe(true);
  });

  it('answers the server message when there is no access token, and stores nothing', async () => {
    const { store, storage } = setup({
      account: { login: async () => ({ ok: false, kind: 'rejected', message: 'Invalid email or password' }) },
    });

    await expect(store.login('a@b.c', 'x')).resolves.toEqual({ ok: false, message: 'Invalid email or password' });
    expect(store.isLoggedIn).toBe(false);
    expect(storage.load()).toBeNull();
  });

  it("falls back to 'Login failed.' without a server message", async () => {
    const { store } = setup({ account: { login: async () => ({ ok: false, kind: 'rejected' }) } });
    await expect(store.login('a@b.c', 'x')).resolves.toEqual({ ok: false, message: 'Login failed.' });
  });

  it('passes the network failure message through', async () => {
    const { store } = setup({ account: { login: async () => ({ ok: false, kind: 'unavailable', message: 'Network error' }) } });
    await expect(store.login('a@b.c', 'x')).resolves.toEqual({ ok: false, message: 'Network error' });
  });

  it('refuses a login answer whose access token cannot be decoded', async () => {
    const { store, storage } = setup({ account: { login: loginOk('garbage') } });
    await expect(store.login('a@b.c', 'x')).resolves.toEqual({ ok: false, message: 'Login failed.' });
    expect(store.isLoggedIn).toBe(false);
    expect(storage.load()).toBeNull();
  });
});

describe('SessionStore timeline', () => {
  it('sets the warning at exactly expiry - 120 s and logs out at expiry', () => {
    const { session, expiry } = storedSession();
    const { store, clock, storage, account, realtime, ends } = setup({ stored: session });
    store.start();

    clock.advanceTo(expiry - 121 * SECOND);
    expect(store.warning).toBe(false);
    clock.advanceTo(expiry - 120 * SECOND);
    expect(store.warning).toBe(true);

    clock.advanceTo(expiry - SECOND);
    expect(store.isLoggedIn).toBe(true);
    expect(store.hasValidAccessToken()).toBe(true);
    expect(ends).toEqual([]);

    clock.advanceTo(expiry);
    expect(store.isLoggedIn).toBe(false);
    expect(store.warning).toBe(false);
    expect(ends).toEqual(['expired']);
    expect(storage.load()).toBeNull();
    // The access token is dead at expiry: the refresh token ends the session on the server.
    expect(account.logout).toHaveBeenCalledWith('refresh-1');
    expect(realtime.openConnections()).toEqual([]);
  });

  it('Extend Session stores both rotated tokens, clears the warning and reschedules', async () => {
    const { session, expiry } = storedSession('refresh-1');
    const rotatedExpiry = expiry - 100 * SECOND + 15 * MINUTE;
    const rotated: TokenPair = { accessToken: unsignedAccessToken(rotatedExpiry), refreshToken: 'refresh-2' };
    const { store, clock, storage, account, realtime, ends } = setup({
      stored: session,
      account: { refresh: async () => ({ ok: true, data: rotated }) },
    });
    store.start();
    clock.advanceTo(expiry - 100 * SECOND);
    expect(store.warning).toBe(true);

    await expect(store.extendSession()).resolves.toBe(true);

    expect(account.refresh).toHaveBeenCalledWith('refresh-1');
    expect(store.warning).toBe(false);
    expect(store.accessToken).toBe(rotated.accessToken);
    expect(store.refreshToken).toBe('refresh-2');
    expect(storage.load()).toEqual({ accessToken: rotated.accessToken, refreshToken: 'refresh-2', user });
    expect(realtime.openConnections().map((c) => c.accessToken)).toEqual([rotated.accessToken]);
    expect(realtime.connections).toHaveLength(2);

    // The old expiry passes without a logout; the new warning comes at the new expiry - 120 s.
    clock.advanceTo(expiry);
    expect(store.isLoggedIn).toBe(true);
    expect(store.warning).toBe(false);
    clock.advanceTo(rotatedExpiry - 120 * SECOND - SECOND);
    expect(store.warning).toBe(false);
    clock.advanceTo(rotatedExpiry - 120 * SECOND);
    expect(store.warning).toBe(true);
    clock.advanceTo(rotatedExpiry);
    expect(store.isLoggedIn).toBe(false);
    expect(ends).toEqual(['expired']);
  });

  it('logs out when the refresh fails', async () => {
    const { session, expiry } = storedSession();
    const { store, clock, storage, account, realtime, ends } = setup({
      stored: session,
      account: { refresh: async () => ({ ok: false, kind: 'rejected', message: 'Invalid refresh token' }) },
    });
    store.start();
    clock.advanceTo(expiry - 120 * SECOND);

    await expect(store.extendSession()).resolves.toBe(false);

    expect(store.isLoggedIn).toBe(false);
    expect(store.warning).toBe(false);
    expect(ends).toEqual(['expired']);
    expect(storage.load()).toBeNull();
    expect(account.logout).toHaveBeenCalledWith(session.accessToken);
    expect(realtime.openConnections()).toEqual([]);
    expect(clock.pendingCount()).toBe(0);
  });

  it('logs out when the refresh answers an undecodable access token', async () => {
    const { session } = storedSession();
    const { store } = setup({
      stored: session,
      account: { refresh: async () => ({ ok: true, data: { accessToken: 'junk', refreshToken: 'r2' } }) },
    });
    store.start();
    await expect(store.extendSession()).resolves.toBe(false);
    expect(store.isLoggedIn).toBe(false);
  });

  it('logs out without calling refresh when there is no refresh token', async () => {
    const { session } = storedSession(null);
    const { store, account, ends } = setup({ stored: session });
    store.start();

    await expect(store.extendSession()).resolves.toBe(false);

    expect(account.refresh).not.toHaveBeenCalled();
    expect(store.isLoggedIn).toBe(false);
    expect(ends).toEqual(['expired']);
  });

  it('sends one refresh for concurrent Extend Session clicks (a reused refresh token would be revoked, D4)', async () => {
    const { session } = storedSession();
    const { store, account } = setup({
      stored: session,
      account: {
        refresh: async () => ({
          ok: true,
          data: { accessToken: unsignedAccessToken(new FakeClock().now() + 30 * MINUTE), refreshToken: 'r2' },
        }),
      },
    });
    store.start();

    const [first, second] = await Promise.all([store.extendSession(), store.extendSession()]);

    expect([first, second]).toEqual([true, true]);
    expect(account.refresh).toHaveBeenCalledTimes(1);
  });

  it('ignores a refresh answer that arrives after the user logged out', async () => {
    const { session } = storedSession();
    let answer: (value: Outcome<TokenPair>) => void = () => {};
    const { store, storage, ends } = setup({
      stored: session,
      account: { refresh: () => new Promise((resolve) => (answer = resolve)) },
    });
    store.start();

    const extended = store.extendSession();
    await store.logout();
    answer({ ok: true, data: { accessToken: unsignedAccessToken(new FakeClock().now() + 30 * MINUTE), refreshToken: 'r2' } });

    await expect(extended).resolves.toBe(false);
    expect(store.isLoggedIn).toBe(false);
    expect(storage.load()).toBeNull();
    expect(ends).toEqual(['logout']);
  });
});

describe('SessionStore logout', () => {
  it('logs out locally even when the server call fails', async () => {
    const { session } = storedSession();
    const { store, storage, clock, realtime, ends } = setup({
      stored: session,
      account: { logout: async () => ({ ok: false, kind: 'unavailable', message: 'Network error' }) },
    });
    store.start();

    await store.logout();

    expect(store.isLoggedIn).toBe(false);
    expect(store.user).toBeNull();
    expect(store.accessToken).toBeNull();
    expect(store.refreshToken).toBeNull();
    expect(storage.load()).toBeNull();
    expect(realtime.openConnections()).toEqual([]);
    expect(clock.pendingCount()).toBe(0);
    expect(ends).toEqual(['logout']);
  });

  it('is announced once the server has been told (SPEC 4: logout calls the server, then goes home)', async () => {
    const { session } = storedSession();
    let tell: (value: Outcome<void>) => void = () => {};
    const { store, ends } = setup({ stored: session, account: { logout: () => new Promise((resolve) => (tell = resolve)) } });
    store.start();

    const loggingOut = store.logout();
    expect(store.isLoggedIn).toBe(false);
    expect(ends).toEqual([]);
    tell({ ok: true, data: undefined });
    await loggingOut;
    expect(ends).toEqual(['logout']);
  });

  it('sends the live access token while there is one', async () => {
    const { session } = storedSession();
    const { store, account } = setup({ stored: session });
    store.start();
    await store.logout();
    expect(account.logout).toHaveBeenCalledExactlyOnceWith(session.accessToken);
  });

  it('sends the refresh token once the access token has expired', async () => {
    const { session, expiry } = storedSession('refresh-9');
    const { store, account, clock } = setup({ stored: session });
    store.start();
    clock.advanceTo(expiry - 100 * SECOND);
    // Past the expiry without the timer having fired (a sleeping laptop): the access token is dead.
    vi.spyOn(clock, 'now').mockReturnValue(expiry + SECOND);
    await store.logout();
    expect(account.logout).toHaveBeenCalledExactlyOnceWith('refresh-9');
  });

  it('tells the server nothing when neither token can end the session', async () => {
    const { session, expiry } = storedSession(null);
    const { store, account, clock, ends } = setup({ stored: session });
    store.start();
    vi.spyOn(clock, 'now').mockReturnValue(expiry + SECOND);
    await store.logout();
    expect(account.logout).not.toHaveBeenCalled();
    expect(ends).toEqual(['logout']);
  });

  it('announces no end when no session was open', async () => {
    const { store, account, ends } = setup();
    await store.logout();
    expect(ends).toEqual([]);
    expect(account.logout).not.toHaveBeenCalled();
  });
});

describe('SessionStore user', () => {
  it('re-reads the profile on the realtime emailVerified event', async () => {
    const { session } = storedSession();
    const verified = { ...user, isEmailVerified: true };
    const { store, storage, realtime, account } = setup({
      stored: session,
      account: { getProfile: async () => ({ ok: true, data: verified }) },
    });
    store.start();

    realtime.openConnections()[0]?.handlers.onEmailVerified();
    await vi.waitFor(() => expect(store.user?.isEmailVerified).toBe(true));

    expect(account.getProfile).toHaveBeenCalledOnce();
    expect(storage.load()?.user.isEmailVerified).toBe(true);
    expect(storage.load()?.accessToken).toBe(session.accessToken);
  });

  it('keeps the user when the profile call is refused (a 401 has ended the session at the HTTP edge already)', async () => {
    const { session } = storedSession();
    const { store, ends } = setup({
      stored: session,
      account: { getProfile: async () => ({ ok: false, kind: 'rejected', message: 'No' }) },
    });
    store.start();

    await store.refreshUser();

    expect(store.user).toEqual(user);
    expect(ends).toEqual([]);
  });

  it('keeps the session and user when the profile call fails otherwise', async () => {
    const { session } = storedSession();
    const { store } = setup({
      stored: session,
      account: { getProfile: async () => ({ ok: false, kind: 'unavailable', message: 'Network error' }) },
    });
    store.start();
    await store.refreshUser();
    expect(store.isLoggedIn).toBe(true);
    expect(store.user).toEqual(user);
  });

  it('setUser replaces the user in memory and in storage', () => {
    const { session } = storedSession();
    const { store, storage } = setup({ stored: session });
    store.start();

    store.setUser({ ...user, name: 'Fatma' });

    expect(store.user?.name).toBe('Fatma');
    expect(storage.load()).toEqual({ ...session, user: { ...user, name: 'Fatma' } });
  });

  it('hasValidAccessToken reads the clock', () => {
    const { session, expiry } = storedSession();
    const { store, clock } = setup({ stored: session });
    store.start();
    clock.advanceTo(expiry - 1);
    expect(store.hasValidAccessToken()).toBe(true);
  });
});

describe('SessionStore as the HTTP edge reads it (SessionCredentials)', () => {
  it("gives the live session's access token and user id, and nothing signed out", () => {
    const { session } = storedSession();
    const { store } = setup({ stored: session });
    expect([store.accessToken, store.userId]).toEqual([null, null]);
    store.start();
    expect([store.accessToken, store.userId]).toEqual([session.accessToken, user._id]);
  });

  it('a refused token (401) ends the session once, everywhere: storage, timer, socket, and one announced end', async () => {
    const { session } = storedSession();
    const { store, storage, clock, realtime, account, ends } = setup({ stored: session });
    store.start();

    store.sessionRejected();
    store.sessionRejected();

    expect(store.isLoggedIn).toBe(false);
    expect(storage.load()).toBeNull();
    expect(clock.pendingCount()).toBe(0);
    expect(realtime.openConnections()).toEqual([]);
    expect(ends).toEqual(['rejected']);
    // The refresh family still ends on the server, best effort.
    expect(account.logout).toHaveBeenCalledExactlyOnceWith(session.accessToken);
  });

  it('stops announcing to a listener that unsubscribed', () => {
    const { session } = storedSession();
    const { store } = setup({ stored: session });
    const heard: SessionEnd[] = [];
    const stop = store.onSessionEnded((end) => heard.push(end));
    store.start();
    stop();
    store.sessionRejected();
    expect(heard).toEqual([]);
  });
});
