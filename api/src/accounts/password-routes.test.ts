import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, NEW_PASSWORD, STRONG_PASSWORD, build, type TestServer } from '../testing/test-server';

let s: TestServer;
beforeAll(async () => {
  s = await build();
});
afterAll(async () => {
  await s.close();
});

/** Upper case only in Turkish letters (Ş, İ): the ASCII-only rule refused it (D16). */
const TURKISH_PASSWORD = 'ŞİFRE123!ğü';
const COMMON_MESSAGE = 'This password is too common. Please choose another one.';
const PERSONAL_MESSAGE = "Password must not contain the shop's name, your name or your email address.";
const login = (email: string, password: string) => s.request({ method: 'POST', url: '/api/users/login', payload: { email, password } });
const forgotPassword = (payload: object) => s.request({ method: 'POST', url: '/api/users/forgot-password', payload });

describe('PUT /api/users/update-password (signed in, D5)', () => {
  it('changes the password given the current one, and ends the other sessions only', async () => {
    const other = await s.signIn('change@example.com');
    const session = await s.signIn('change@example.com');
    const response = await s.request({
      method: 'PUT',
      url: '/api/users/update-password',
      headers: bearer(session.accessToken),
      payload: { _id: session.user._id, currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Password updated successfully!' });
    expect((await login('change@example.com', STRONG_PASSWORD)).statusCode).toBe(401);
    expect((await login('change@example.com', NEW_PASSWORD)).statusCode).toBe(200);
    expect((await s.request({ method: 'GET', url: '/api/users/profile', headers: bearer(session.accessToken) })).statusCode).toBe(200);
    expect((await s.request({ method: 'GET', url: '/api/users/profile', headers: bearer(other.accessToken) })).statusCode).toBe(401);
  });

  it('refuses without or with a wrong current password, a weak or unconfirmed password, or no session', async () => {
    const session = await s.signIn('guarded@example.com');
    const cases: Array<[Record<string, unknown>, Record<string, string>, number]> = [
      [{ newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, bearer(session.accessToken), 400],
      [{ currentPassword: 'Wr0ng!pass', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, bearer(session.accessToken), 400],
      [{ currentPassword: STRONG_PASSWORD, newPassword: 'weak', confirmPassword: 'weak' }, bearer(session.accessToken), 400],
      [{ currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: 'N3w!Passwore' }, bearer(session.accessToken), 400],
      [{ currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, {}, 401],
      [{ currentPassword: STRONG_PASSWORD, newPassword: 12345678, confirmPassword: 12345678 }, bearer(session.accessToken), 400],
    ];
    for (const [payload, headers, status] of cases) {
      const response = await s.request({ method: 'PUT', url: '/api/users/update-password', headers, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json()).toMatchObject({ success: false, message: expect.any(String) });
    }
    expect((await login('guarded@example.com', STRONG_PASSWORD)).statusCode).toBe(200);
  });
});

describe('password rules on every route that sets a password (D16)', () => {
  it('a signed-in change accepts a Turkish password', async () => {
    const session = await s.signIn('turkish.change@example.com');
    const response = await s.changePassword(session.accessToken, TURKISH_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect((await login('turkish.change@example.com', TURKISH_PASSWORD)).statusCode).toBe(200);
  });

  it('update-password with a token (SPEC variant) accepts a Turkish password', async () => {
    await s.register('turkish.variant@example.com');
    const token = await s.resetToken('turkish.variant@example.com');
    const payload = { newPassword: TURKISH_PASSWORD, confirmPassword: TURKISH_PASSWORD, token };
    expect((await s.request({ method: 'PUT', url: '/api/users/update-password', payload })).statusCode).toBe(200);
    expect((await login('turkish.variant@example.com', TURKISH_PASSWORD)).statusCode).toBe(200);
  });

  it('reset-password/{token} accepts a Turkish password', async () => {
    await s.register('turkish.reset@example.com');
    const token = await s.resetToken('turkish.reset@example.com');
    const response = await s.request({ method: 'PUT', url: `/api/users/reset-password/${token}`, payload: { newpass: TURKISH_PASSWORD } });
    expect(response.statusCode).toBe(200);
    expect((await login('turkish.reset@example.com', TURKISH_PASSWORD)).statusCode).toBe(200);
  });

  it('a common password is refused with its message on change and reset, and the token stays usable', async () => {
    const session = await s.signIn('common.change@example.com');
    const change = await s.changePassword(session.accessToken, 'Password1!');
    expect(change.statusCode).toBe(400);
    expect(change.json()).toEqual({ success: false, message: COMMON_MESSAGE });
    const token = await s.resetToken('common.change@example.com');
    const reset = await s.request({ method: 'PUT', url: `/api/users/reset-password/${token}`, payload: { newpass: 'Qwerty123!' } });
    expect(reset.json()).toEqual({ success: false, message: COMMON_MESSAGE });
    expect(
      (await s.request({ method: 'PUT', url: `/api/users/reset-password/${token}`, payload: { newpass: NEW_PASSWORD } })).statusCode,
    ).toBe(200);
  });

  it("refuses the shop's name and the user's own names and address on change, reset and the SPEC variant; the token stays usable", async () => {
    const session = await s.signIn('kemal.tunc@example.com');
    await s.request({
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(session.accessToken),
      payload: { name: 'Kemal', surname: 'Tunç' },
    });
    const change = (newPassword: string) => s.changePassword(session.accessToken, newPassword);
    for (const password of ['Storefront#24', 'TUNC#2024ab', 'Kemal#2024', 'x!1Kemaltunc']) {
      expect((await change(password)).json(), password).toEqual({ success: false, message: PERSONAL_MESSAGE });
    }
    const token = await s.resetToken('kemal.tunc@example.com');
    for (const request of [
      { url: `/api/users/reset-password/${token}`, payload: { newpass: 'Tunç!2024x' } },
      { url: '/api/users/update-password', payload: { token, newPassword: 'Kemal!2024', confirmPassword: 'Kemal!2024' } },
    ]) {
      const refused = await s.request({ method: 'PUT', ...request });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ success: false, message: PERSONAL_MESSAGE });
    }
    expect((await login('kemal.tunc@example.com', STRONG_PASSWORD)).statusCode).toBe(200);
    expect(
      (await s.request({ method: 'PUT', url: `/api/users/reset-password/${token}`, payload: { newpass: NEW_PASSWORD } })).statusCode,
    ).toBe(200);
  });
});

describe('forgot and reset password', () => {
  it('answers alike for registered and unknown addresses, and mails only the registered one', async () => {
    await s.register('forgetful@example.com');
    const known = await forgotPassword({ to: 'Forgetful@example.com', cc: 'x@evil.test', bcc: ['y@evil.test'], subject: 'Hi' });
    const unknown = await forgotPassword({ to: 'stranger@example.com', subject: 'Hi' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    await s.tokenFromMail('forgetful@example.com', '/reset-password/');
    expect(s.mails.some((m) => m.to === 'stranger@example.com' || m.to.includes('evil'))).toBe(false);
    const mail = s.mails.find((m) => m.to === 'forgetful@example.com')!;
    expect(mail.subject).toBe('Reset your password');
    expect(mail.links[0]).toMatch(/^http:\/\/localhost:5000\/reset-password\/[A-Za-z0-9_-]{43}$/);
  });

  it('resets with the mailed token once; the token is single use and old sessions end', async () => {
    const session = await s.signIn('reset@example.com');
    const token = await s.resetToken('reset@example.com');
    const weak = await s.request({ method: 'PUT', url: `/api/users/reset-password/${token}`, payload: { newpass: 'weak' } });
    expect(weak.statusCode).toBe(400);
    const first = await s.request({ method: 'PUT', url: `/api/users/reset-password/${token}`, payload: { newpass: NEW_PASSWORD } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true });
    const second = await s.request({ method: 'PUT', url: `/api/users/reset-password/${token}`, payload: { newpass: 'An0ther!Pass' } });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ success: false, message: expect.any(String) });
    expect((await login('reset@example.com', NEW_PASSWORD)).statusCode).toBe(200);
    expect((await s.request({ method: 'GET', url: '/api/users/profile', headers: bearer(session.accessToken) })).statusCode).toBe(401);
  });

  it('reset links expire after 30 minutes', async () => {
    await s.register('late@example.com');
    const token = await s.resetToken('late@example.com');
    s.clock.advance(31 * 60_000);
    const response = await s.request({ method: 'PUT', url: `/api/users/reset-password/${token}`, payload: { newpass: NEW_PASSWORD } });
    expect(response.statusCode).toBe(400);
    expect((await login('late@example.com', STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('update-password with a token does the same as reset-password (SPEC variant)', async () => {
    await s.register('variant@example.com');
    const token = await s.resetToken('variant@example.com');
    const payload = { _id: 'whatever', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, token };
    expect((await s.request({ method: 'PUT', url: '/api/users/update-password', payload })).statusCode).toBe(200);
    expect((await s.request({ method: 'PUT', url: '/api/users/update-password', payload })).statusCode).toBe(400);
    expect((await login('variant@example.com', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses unknown tokens and other token kinds', async () => {
    const session = await s.signIn('kinds@example.com');
    await s.request({ method: 'POST', url: '/api/users/verify-email', headers: bearer(session.accessToken), payload: {} });
    const verifyToken = await s.tokenFromMail('kinds@example.com', '/verify-email/');
    for (const token of [verifyToken, 'a'.repeat(43), 'short']) {
      const response = await s.request({ method: 'PUT', url: `/api/users/reset-password/${token}`, payload: { newpass: NEW_PASSWORD } });
      expect(response.statusCode).toBe(400);
    }
    expect((await login('kinds@example.com', STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('throttles forgot-password per address (429)', async () => {
    const t = await import('../testing/test-server').then((m) => m.build({ env: { RATE_LIMIT_FORGOT_PER_ADDRESS: '2' } }));
    try {
      const codes = [];
      for (let i = 0; i < 3; i++) {
        codes.push(
          (await t.request({ method: 'POST', url: '/api/users/forgot-password', payload: { to: 'spam@example.com' } })).statusCode,
        );
      }
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await t.close();
    }
  });
});
