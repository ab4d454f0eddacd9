// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type User, newUser } from '@shop/core/domain/user';
import { demoUser } from '../fake/demo-account';
import { FakeSessionCredentials } from '../fake/fake-session-credentials';
import { AccountHttpGateway } from './account-http-gateway';
import { HttpClient } from './http-client';
import { type RecordingServer, closedPortBaseUrl, startRecordingServer } from './recording-server';

/** The demo customer, with a phone, a name and two addresses: every field of the wire user filled. */
const user = demoUser();

const ok = { status: 200, body: { success: true, message: 'Done' } };

describe('AccountHttpGateway', () => {
  let server: RecordingServer;
  let session: FakeSessionCredentials;
  let gateway: AccountHttpGateway;

  beforeAll(async () => {
    server = await startRecordingServer();
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
    server.reply(ok);
    session = new FakeSessionCredentials('acc', user._id);
    gateway = new AccountHttpGateway(new HttpClient({ baseUrl: server.baseUrl }), session);
  });

  const last = () => server.requests.at(-1);

  describe('login', () => {
    it('posts email and password and maps tokens and user', async () => {
      server.reply({ body: { accessToken: 'acc', refreshToken: 'ref', user: { ...user, extra: 1 }, message: 'Login successful' } });
      const result = await gateway.login('ada@example.com', 'S3cret!pass');
      expect(last()).toMatchObject({
        method: 'POST',
        url: '/api/users/login',
        json: { email: 'ada@example.com', password: 'S3cret!pass' },
      });
      expect(last()?.headers.authorization).toBeUndefined();
      expect(result).toEqual({
        ok: true,
        message: 'Login successful',
        data: { accessToken: 'acc', refreshToken: 'ref', user },
      });
    });

    it('reads bad credentials (401) as a refusal with the server message; the session is not touched', async () => {
      server.reply({ status: 401, body: { success: false, message: 'Invalid email or password' } });
      expect(await gateway.login('a@b.c', 'x')).toEqual({ ok: false, kind: 'rejected', message: 'Invalid email or password' });
      expect(session.rejections).toBe(0);
    });

    it('gives the server message when a 2xx answer has no access token (SPEC 8)', async () => {
      server.reply({ status: 200, body: { message: 'Account locked' } });
      expect(await gateway.login('a@b.c', 'x')).toEqual({ ok: false, kind: 'rejected', message: 'Account locked' });
    });

    it('reads a user without an email as an unexpected response', async () => {
      const { email: _omitted, ...noEmail } = user;
      server.reply({ body: { accessToken: 'acc', refreshToken: 'ref', user: noEmail } });
      expect(await gateway.login('a@b.c', 'x')).toEqual({ ok: false, kind: 'rejected', message: 'Unexpected response from server' });
    });

    it('reads a refused connection as a network error', async () => {
      const offline = new AccountHttpGateway(new HttpClient({ baseUrl: await closedPortBaseUrl() }), session);
      expect(await offline.login('a@b.c', 'x')).toEqual({ ok: false, kind: 'unavailable', message: 'Network error' });
    });
  });

  describe('register', () => {
    it('posts userName, email and password and maps the user', async () => {
      server.reply({ status: 201, body: { success: true, user, message: 'Registered' } });
      const result = await gateway.register('ada', 'ada@example.com', 'S3cret!pass');
      expect(last()).toMatchObject({
        method: 'POST',
        url: '/api/users/register',
        json: { userName: 'ada', email: 'ada@example.com', password: 'S3cret!pass' },
      });
      expect(result).toEqual({ ok: true, message: 'Registered', data: { user } });
    });

    it('returns a 409 with its message', async () => {
      server.reply({ status: 409, body: { success: false, message: 'Email already registered', error: 'duplicate' } });
      expect(await gateway.register('ada', 'ada@example.com', 'x')).toEqual({
        ok: false,
        kind: 'rejected',
        message: 'Email already registered',
      });
    });

    it('fills missing optional profile texts and addresses with empty values', async () => {
      server.reply({
        status: 201,
        body: { success: true, user: { _id: 'u000000000000002', userId: 43, userName: 'bo', email: 'bo@example.com' } },
      });
      const result = await gateway.register('bo', 'bo@example.com', 'x');
      expect(result.ok && result.data.user).toEqual(
        newUser({ _id: 'u000000000000002', userId: '43', userName: 'bo', email: 'bo@example.com', isEmailVerified: false }),
      );
    });
  });

  it('logs out with GET and the access token as bearer', async () => {
    expect(await gateway.logout('acc.token')).toEqual({ ok: true, message: 'Done', data: undefined });
    expect(last()).toMatchObject({ method: 'GET', url: '/api/users/logout', text: '' });
    expect(last()?.headers.authorization).toBe('Bearer acc.token');
  });

  it('logs out with the refresh token as bearer when given one', async () => {
    await gateway.logout('opaqueRefreshToken');
    expect(last()).toMatchObject({ method: 'GET', url: '/api/users/logout' });
    expect(last()?.headers.authorization).toBe('Bearer opaqueRefreshToken');
  });

  describe('refresh (D4)', () => {
    it('sends the refresh token as bearer and maps the rotated pair', async () => {
      server.reply({ body: { accessToken: 'acc2', refreshToken: 'ref2' } });
      expect(await gateway.refresh('ref1')).toEqual({ ok: true, data: { accessToken: 'acc2', refreshToken: 'ref2' } });
      expect(last()).toMatchObject({ method: 'GET', url: '/api/users/refresh' });
      expect(last()?.headers.authorization).toBe('Bearer ref1');
    });

    it('reads an answer without the rotated refresh token as unexpected', async () => {
      server.reply({ body: { accessToken: 'acc2' } });
      expect(await gateway.refresh('ref1')).toEqual({ ok: false, kind: 'rejected', message: 'Unexpected response from server' });
    });

    it('reads a revoked family (401 on a GET) as a refusal with the server message, for the session store to handle', async () => {
      server.reply({ status: 401, body: { success: false, message: 'Refresh token revoked' } });
      expect(await gateway.refresh('ref1')).toEqual({ ok: false, kind: 'rejected', message: 'Refresh token revoked' });
      expect(session.rejections).toBe(0);
    });
  });

  it("updates the password with PUT, the session's bearer and user id, and the current password (D5)", async () => {
    const change = { currentPassword: 'Old!pass1', newPassword: 'New!pass12', confirmPassword: 'New!pass12' };
    expect((await gateway.updatePassword(change)).ok).toBe(true);
    expect(last()).toMatchObject({ method: 'PUT', url: '/api/users/update-password', json: { _id: user._id, ...change } });
    expect(last()?.headers.authorization).toBe('Bearer acc');
  });

  it('returns a 400 password answer with its message', async () => {
    server.reply({ status: 400, body: { success: false, message: 'Current password is wrong' } });
    const change = { currentPassword: 'x', newPassword: 'y', confirmPassword: 'y' };
    expect(await gateway.updatePassword(change)).toEqual({ ok: false, kind: 'rejected', message: 'Current password is wrong' });
  });

  it('resets the password with PUT reset-password/{token} and { newpass } (D5)', async () => {
    expect((await gateway.resetPassword('tok/en', 'New!pass12')).ok).toBe(true);
    expect(last()).toMatchObject({ method: 'PUT', url: '/api/users/reset-password/tok%2Fen', json: { newpass: 'New!pass12' } });
    expect(last()?.headers.authorization).toBeUndefined();
  });

  it('asks for a reset mail with the fixed mail fields (D6)', async () => {
    expect((await gateway.forgotPassword('ada@example.com')).ok).toBe(true);
    expect(last()).toMatchObject({
      method: 'POST',
      url: '/api/users/forgot-password',
      json: { to: 'ada@example.com', cc: '', bcc: '', subject: 'Reset password' },
    });
  });

  it('gets the profile with the bearer and maps the user', async () => {
    server.reply({ body: { success: true, user } });
    expect(await gateway.getProfile()).toEqual({ ok: true, data: user });
    expect(last()).toMatchObject({ method: 'GET', url: '/api/users/profile' });
    expect(last()?.headers.authorization).toBe('Bearer acc');
  });

  it('reads a profile answer without a user as unexpected', async () => {
    server.reply({ body: { success: true } });
    expect(await gateway.getProfile()).toEqual({ ok: false, kind: 'rejected', message: 'Unexpected response from server' });
  });

  it('updates the profile with exactly the profile fields', async () => {
    const profile = { ...user, password: 'never-sent' } as unknown as User;
    expect((await gateway.updateProfile(profile)).ok).toBe(true);
    expect(last()).toMatchObject({ method: 'PUT', url: '/api/users/profile' });
    expect(last()?.json).toEqual({
      email: user.email,
      userName: user.userName,
      phone: user.phone,
      phoneCCode: user.phoneCCode,
      phoneACode: user.phoneACode,
      phoneMain: user.phoneMain,
      name: user.name,
      surname: user.surname,
    });
    expect(last()?.headers.authorization).toBe('Bearer acc');
  });

  it('reads a 2xx answer saying success: false as a failure with its message', async () => {
    server.reply({ status: 200, body: { success: false, message: 'Nothing changed' } });
    expect(await gateway.updateProfile(user)).toEqual({ ok: false, kind: 'rejected', message: 'Nothing changed' });
  });

  it('sends the verification mail request with bearer and fixed mail fields (D6)', async () => {
    expect((await gateway.sendVerificationEmail('ada@example.com')).ok).toBe(true);
    expect(last()).toMatchObject({
      method: 'POST',
      url: '/api/users/verify-email',
      json: { to: 'ada@example.com', cc: '', bcc: '', subject: 'Verify your email address', html: '' },
    });
    expect(last()?.headers.authorization).toBe('Bearer acc');
  });

  describe('anonymous verification mail', () => {
    it('posts to, bcc, subject and html without a bearer', async () => {
      expect((await gateway.sendAnonymousVerificationEmail('guest@example.com')).ok).toBe(true);
      expect(last()).toMatchObject({
        method: 'POST',
        url: '/api/users/verify-email-anonymous',
        json: { to: 'guest@example.com', bcc: '', subject: 'Verify your email address', html: '' },
      });
      expect(last()?.json).not.toHaveProperty('cc');
      expect(last()?.headers.authorization).toBeUndefined();
    });

    it.each([
      [400, 'Email address is already registered please log in', 'registered'],
      [409, 'A verification email has already been sent. Please check your email.', 'already-sent'],
      [429, 'Too many requests', undefined],
    ])('reads status %i as a refusal with its message and reason (SPEC 8 words 400 and 409 itself)', async (status, message, reason) => {
      server.reply({ status, body: { success: false, message } });
      expect(await gateway.sendAnonymousVerificationEmail('guest@example.com')).toEqual({ ok: false, kind: 'rejected', message, reason });
    });
  });

  it.each([
    ['verifyEmail', '/api/users/email-verification/'],
    ['verifyEmailAnonymous', '/api/users/email-verification-anonymous/'],
  ] as const)('%s posts an empty object to %s{token}', async (method, path) => {
    expect(await gateway[method]('t0k3n')).toEqual({ ok: true, message: 'Done', data: undefined });
    expect(last()).toMatchObject({ method: 'POST', url: `${path}t0k3n`, text: '{}', json: {} });
    expect(last()?.headers['content-type']).toBe('application/json');
  });

  describe('authenticated calls (the session policy)', () => {
    it('are not sent without a session: unauthorised, and nothing to end', async () => {
      session.sessionRejected();
      session.rejections = 0;
      expect(await gateway.getProfile()).toEqual({ ok: false, kind: 'unauthorised' });
      expect(await gateway.updateProfile(user)).toEqual({ ok: false, kind: 'unauthorised' });
      expect(server.requests).toEqual([]);
      expect(session.rejections).toBe(0);
    });

    it('end the session on a 401, once, and read it as unauthorised', async () => {
      server.reply({ status: 401, body: { success: false, message: 'Unauthorized' } });
      expect(await gateway.sendVerificationEmail('ada@example.com')).toEqual({ ok: false, kind: 'unauthorised', message: 'Unauthorized' });
      expect(session.rejections).toBe(1);
      expect(await gateway.getProfile()).toEqual({ ok: false, kind: 'unauthorised' });
      expect(server.requests).toHaveLength(1);
    });
  });

  it('returns a used verification token (400) with its message', async () => {
    server.reply({ status: 400, body: { success: false, message: 'Verification link is invalid or expired' } });
    expect(await gateway.verifyEmail('used')).toEqual({ ok: false, kind: 'rejected', message: 'Verification link is invalid or expired' });
  });
  describe('sessions (ASVS 7.5.2)', () => {
    const wireSession = {
      _id: '65a1f0c2b3d4e5f6a7b8c9d1',
      browser: 'Chrome 131',
      os: 'Windows',
      createdAt: '2026-11-20T10:00:00.000Z',
      lastUsedAt: '2026-11-20T10:15:00.000Z',
      current: true,
    };

    it('lists them with the bearer, the wire _id read as the id, unknown parts as empty', async () => {
      server.reply({
        body: { success: true, sessions: [wireSession, { ...wireSession, _id: 'b'.repeat(24), browser: null, current: false }] },
      });
      const result = await gateway.listSessions();
      expect(last()).toMatchObject({ method: 'GET', url: '/api/users/sessions', headers: { authorization: 'Bearer acc' } });
      const { _id: _wire, ...fields } = wireSession;
      expect(result).toEqual({
        ok: true,
        data: [
          { id: '65a1f0c2b3d4e5f6a7b8c9d1', ...fields },
          { id: 'b'.repeat(24), ...fields, browser: '', current: false },
        ],
      });
    });

    it('reads a list without times as an unexpected response', async () => {
      const { lastUsedAt: _omitted, ...noLastUse } = wireSession;
      server.reply({ body: { success: true, sessions: [noLastUse] } });
      expect(await gateway.listSessions()).toMatchObject({ ok: false, message: 'Unexpected response from server' });
    });

    it('ends one on its own path and all others, each with the password given again (ASVS 7.5.2)', async () => {
      expect(await gateway.endSession('65a1f0c2b3d4e5f6a7b8c9d1', 'S3cret!pass')).toEqual({ ok: true, message: 'Done', data: undefined });
      expect(last()).toMatchObject({
        method: 'POST',
        url: '/api/users/sessions/65a1f0c2b3d4e5f6a7b8c9d1/end',
        json: { currentPassword: 'S3cret!pass' },
        headers: { authorization: 'Bearer acc' },
      });
      await gateway.endSession('../profile', 'S3cret!pass');
      expect(last()?.url).toBe('/api/users/sessions/..%2Fprofile/end');
      await gateway.endOtherSessions('S3cret!pass');
      expect(last()).toMatchObject({
        method: 'POST',
        url: '/api/users/sessions/end-others',
        json: { currentPassword: 'S3cret!pass' },
        headers: { authorization: 'Bearer acc' },
      });
    });

    it("reads another user's or an ended session (404) as a refusal with the server message", async () => {
      server.reply({ status: 404, body: { success: false, message: 'Session not found.' } });
      expect(await gateway.endSession('f'.repeat(24), 'S3cret!pass')).toEqual({
        ok: false,
        kind: 'rejected',
        message: 'Session not found.',
      });
    });
  });
});
