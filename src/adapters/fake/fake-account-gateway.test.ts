import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../domain/messages';
import { PASSWORD_PROBLEMS, passwordProblem } from '../../domain/password-policy';
import type { Result } from '../../domain/result';
import { JwtTokenDecoder } from '../jwt/jwt-token-decoder';
import { DEMO_USER_EMAIL, DEMO_USER_ID, DEMO_USER_PASSWORD } from './demo-account';
import { FakeAccountGateway } from './fake-account-gateway';
import { FakeAccountStore } from './fake-account-store';
import { FakeClock } from './fake-clock';
import { fakeCommonPasswords } from './fake-common-passwords';

function data<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.status} ${result.message ?? ''}`);
  return result.data;
}

const START = Date.UTC(2026, 2, 1, 9);
let clock: FakeClock;
let store: FakeAccountStore;
let gateway: FakeAccountGateway;

beforeEach(() => {
  clock = new FakeClock(START);
  store = new FakeAccountStore({ clock });
  gateway = new FakeAccountGateway(store);
});

const loginDemo = async () => data(await gateway.login(DEMO_USER_EMAIL, DEMO_USER_PASSWORD));

describe('login and register', () => {
  it('logs the demo user in with a user that never carries a password', async () => {
    const result = await gateway.login(DEMO_USER_EMAIL, DEMO_USER_PASSWORD);
    expect(result.status).toBe(200);
    const login = data(result);
    expect(login.user).toMatchObject({ _id: DEMO_USER_ID, email: DEMO_USER_EMAIL, isEmailVerified: false });
    expect(login.user.address).toHaveLength(2);
    expect(JSON.stringify(login)).not.toContain(DEMO_USER_PASSWORD);
  });

  it('matches the email whatever its case', async () => {
    expect((await gateway.login(' Demo@Example.COM ', DEMO_USER_PASSWORD)).ok).toBe(true);
  });

  it.each([
    ['unknown email', 'nobody@example.com', DEMO_USER_PASSWORD],
    ['wrong password', DEMO_USER_EMAIL, 'Demo1234?'],
  ])('answers 401 for an %s', async (_case, email, password) => {
    expect(await gateway.login(email, password)).toEqual({ ok: false, status: 401, message: 'Invalid email or password' });
  });

  it('registers a new user (201) who can then log in', async () => {
    const registered = await gateway.register('ayse', 'ayse@example.com', 'Ayşe#Sepet12');
    expect(registered.status).toBe(201);
    expect(data(registered).user).toMatchObject({ userName: 'ayse', email: 'ayse@example.com', isEmailVerified: false, address: [] });
    expect(data(registered).user._id).toMatch(/^[0-9a-f]{24}$/);
    expect((await gateway.login('ayse@example.com', 'Ayşe#Sepet12')).ok).toBe(true);
  });

  it('answers 409 for an email already registered, in any case', async () => {
    expect(await gateway.register('x', 'DEMO@example.com', 'Ayşe#Sepet12')).toEqual({
      ok: false,
      status: 409,
      message: 'Email already registered',
    });
  });

  it('registers with a Turkish password and refuses a rule-breaking or common one like the server (D16)', async () => {
    expect((await gateway.register('ayse', 'ayse@example.com', 'ŞİFRE123!ğü')).status).toBe(201);
    expect(await gateway.register('bora', 'bora@example.com', 'Password1!')).toEqual({
      ok: false,
      status: 400,
      message: PASSWORD_PROBLEMS.common,
    });
    expect(await gateway.register('cem', 'cem@example.com', 'kısa1!')).toEqual({
      ok: false,
      status: 400,
      message: PASSWORD_PROBLEMS.minLength,
    });
    expect((await gateway.login('bora@example.com', 'Password1!')).status).toBe(401);
  });

  it('answers 400 for missing fields', async () => {
    expect((await gateway.register('', 'a@b.c', 'x')).status).toBe(400);
    expect((await gateway.register('a', 'not-an-email', 'x')).status).toBe(400);
  });
});

describe('tokens', () => {
  const decoder = new JwtTokenDecoder();

  it('issues JWTs whose expiry the real decoder reads: access 15 min from the clock', async () => {
    const { accessToken, refreshToken } = await loginDemo();
    expect(accessToken.split('.')).toHaveLength(3);
    expect(decoder.expiresAt(accessToken)).toBe(START + 15 * 60_000);
    expect(decoder.expiresAt(refreshToken)).toBe(START + 7 * 24 * 60 * 60_000);
    const payload = JSON.parse(atob(accessToken.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')));
    expect(payload).toMatchObject({ sub: DEMO_USER_ID, typ: 'access' });
  });

  it('takes a configured access lifetime', async () => {
    gateway = new FakeAccountGateway(new FakeAccountStore({ clock, accessTokenLifetimeMs: 150_000 }));
    expect(decoder.expiresAt((await loginDemo()).accessToken)).toBe(START + 150_000);
  });

  it('stops accepting an access token once it has expired', async () => {
    const { accessToken } = await loginDemo();
    clock.advance(15 * 60_000 - 1_000);
    expect((await gateway.getProfile(accessToken)).ok).toBe(true);
    clock.advance(1_000);
    expect((await gateway.getProfile(accessToken)).status).toBe(401);
  });

  it('rotates on refresh: new pair works, a reused refresh token is 401 and revokes the family', async () => {
    const first = await loginDemo();
    clock.advance(60_000);
    const second = data(await gateway.refresh(first.refreshToken));
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(decoder.expiresAt(second.accessToken)).toBe(START + 60_000 + 15 * 60_000);
    expect((await gateway.getProfile(second.accessToken)).ok).toBe(true);

    expect(await gateway.refresh(first.refreshToken)).toMatchObject({ ok: false, status: 401 });
    // D4: the whole family is gone, the newest tokens included.
    expect((await gateway.refresh(second.refreshToken)).status).toBe(401);
    expect((await gateway.getProfile(second.accessToken)).status).toBe(401);
  });

  it('leaves other sessions alone when one family is revoked', async () => {
    const phone = await loginDemo();
    const laptop = await loginDemo();
    await gateway.logout(phone.accessToken);
    expect((await gateway.getProfile(laptop.accessToken)).ok).toBe(true);
    expect((await gateway.refresh(laptop.refreshToken)).ok).toBe(true);
  });

  it('answers 401 for a refresh with garbage or with an access token', async () => {
    const { accessToken } = await loginDemo();
    expect((await gateway.refresh('garbage')).status).toBe(401);
    expect((await gateway.refresh(accessToken)).status).toBe(401);
  });

  it('logout revokes the access token and its refresh token at once', async () => {
    const { accessToken, refreshToken } = await loginDemo();
    expect((await gateway.logout(accessToken)).ok).toBe(true);
    expect((await gateway.getProfile(accessToken)).status).toBe(401);
    expect((await gateway.refresh(refreshToken)).status).toBe(401);
    expect((await gateway.logout(accessToken)).status).toBe(401);
  });

  it('logout with the refresh token ends a session whose access token expired, and only it', async () => {
    const mine = await loginDemo();
    const other = await loginDemo();
    clock.advance(16 * 60_000);
    expect((await gateway.logout(mine.accessToken)).status).toBe(401);
    expect((await gateway.logout(mine.refreshToken)).ok).toBe(true);
    expect((await gateway.refresh(mine.refreshToken)).status).toBe(401);
    expect((await gateway.refresh(other.refreshToken)).ok).toBe(true);
    expect((await gateway.logout(mine.refreshToken)).status).toBe(401);
    expect((await gateway.logout('garbage')).status).toBe(401);
  });
});

describe('profile', () => {
  it('updates the editable fields and ignores the email', async () => {
    const { accessToken, user } = await loginDemo();
    const result = await gateway.updateProfile(accessToken, { ...user, name: 'Ayşe', phoneMain: '5550000', email: 'evil@example.com' });
    expect(result).toMatchObject({ ok: true, message: messages.profile.updateSuccess });
    const profile = data(await gateway.getProfile(accessToken));
    expect(profile).toMatchObject({ name: 'Ayşe', phoneMain: '5550000', email: DEMO_USER_EMAIL });
  });

  it('refuses an empty user name with 400 and changes nothing, as the server does', async () => {
    const { accessToken, user } = await loginDemo();
    const result = await gateway.updateProfile(accessToken, { ...user, userName: '  ', name: 'Ayşe' });
    expect(result).toMatchObject({ ok: false, status: 400 });
    expect(data(await gateway.getProfile(accessToken))).toMatchObject({ userName: user.userName, name: user.name });
  });

  it('answers 401 without a valid token', async () => {
    expect((await gateway.getProfile('nope')).status).toBe(401);
  });
});

describe('password change (D5)', () => {
  const change = (currentPassword: string, newPassword: string, confirmPassword = newPassword) => ({
    _id: DEMO_USER_ID,
    currentPassword,
    newPassword,
    confirmPassword,
  });

  it('changes the password with the right current password and a rule-abiding new one', async () => {
    const { accessToken } = await loginDemo();
    expect((await gateway.updatePassword(accessToken, change(DEMO_USER_PASSWORD, 'Yeni5ifre!'))).ok).toBe(true);
    expect((await gateway.login(DEMO_USER_EMAIL, DEMO_USER_PASSWORD)).status).toBe(401);
    expect((await gateway.login(DEMO_USER_EMAIL, 'Yeni5ifre!')).ok).toBe(true);
  });

  it('refuses a wrong current password with 400 and changes nothing', async () => {
    const { accessToken } = await loginDemo();
    const result = await gateway.updatePassword(accessToken, change('wrong', 'Yeni5ifre!'));
    expect(result).toEqual({ ok: false, status: 400, message: 'Current password is incorrect' });
    expect((await gateway.login(DEMO_USER_EMAIL, DEMO_USER_PASSWORD)).ok).toBe(true);
  });

  it.each([
    ['too short', 'Ab1!', 'Ab1!', PASSWORD_PROBLEMS.minLength],
    ['no digit', 'Abcdefg!', 'Abcdefg!', PASSWORD_PROBLEMS.digit],
    ['no special', 'Abcdefg1', 'Abcdefg1', PASSWORD_PROBLEMS.special],
    ['no uppercase', 'abcdefg1!', 'abcdefg1!', PASSWORD_PROBLEMS.uppercase],
    ['mismatch', 'Yeni5ifre!', 'Yeni5ifre?', PASSWORD_PROBLEMS.match],
    ['common', 'Qwerty123!', 'Qwerty123!', PASSWORD_PROBLEMS.common],
  ])("refuses a new password that breaks a rule (%s) with 400 and the server's message", async (_case, newPassword, confirm, expected) => {
    const { accessToken } = await loginDemo();
    const result = await gateway.updatePassword(accessToken, change(DEMO_USER_PASSWORD, newPassword, confirm));
    expect(result).toEqual({ ok: false, status: 400, message: expected });
    expect((await gateway.login(DEMO_USER_EMAIL, DEMO_USER_PASSWORD)).ok).toBe(true);
  });

  it('needs a valid access token', async () => {
    expect((await gateway.updatePassword('nope', change(DEMO_USER_PASSWORD, 'Yeni5ifre!'))).status).toBe(401);
  });

  it.each(['ŞİFRE123!ğü', 'Şifre123!', 'Str0ng!Pass', 'P@ssw0rd1', 'Trustno1!', 'abc', 'Abcdefg١!', 'Kısa1!😀'])(
    "accepts or refuses %s exactly as the shop's rule module does, on change and on reset (D16)",
    async (password) => {
      const expected = passwordProblem(password, password, fakeCommonPasswords());
      const { accessToken } = await loginDemo();
      const changed = await gateway.updatePassword(accessToken, change(DEMO_USER_PASSWORD, password));
      const reset = await gateway.resetPassword(store.issueResetToken(DEMO_USER_EMAIL), password);
      for (const result of [changed, reset]) {
        expect(expected === null ? result.ok : result).toEqual(expected === null ? true : { ok: false, status: 400, message: expected });
      }
    },
  );
});

describe('forgot and reset password', () => {
  it('answers ok for any address but mails only a registered one', async () => {
    expect((await gateway.forgotPassword('nobody@example.com')).ok).toBe(true);
    expect(store.outbox).toEqual([]);
    expect((await gateway.forgotPassword(DEMO_USER_EMAIL)).ok).toBe(true);
    expect(store.lastMailTo(DEMO_USER_EMAIL, 'reset-password')?.link).toMatch(/^\/reset-password\/[0-9a-f]+$/);
  });

  it('resets with a mailed token once, ending every session', async () => {
    const session = await loginDemo();
    await gateway.forgotPassword(DEMO_USER_EMAIL);
    const token = store.lastMailTo(DEMO_USER_EMAIL, 'reset-password')!.token;
    expect((await gateway.resetPassword(token, 'Yeni5ifre!')).ok).toBe(true);
    expect((await gateway.login(DEMO_USER_EMAIL, 'Yeni5ifre!')).ok).toBe(true);
    expect((await gateway.getProfile(session.accessToken)).status).toBe(401);
    expect(await gateway.resetPassword(token, 'Other5ifre!')).toMatchObject({ ok: false, status: 400 });
  });

  it('keeps the link usable when the new password breaks a rule', async () => {
    const token = store.issueResetToken(DEMO_USER_EMAIL);
    expect((await gateway.resetPassword(token, 'weak')).status).toBe(400);
    expect((await gateway.resetPassword(token, 'Yeni5ifre!')).ok).toBe(true);
  });

  it('expires reset links after 30 minutes', async () => {
    const token = store.issueResetToken(DEMO_USER_EMAIL);
    clock.advance(30 * 60_000);
    expect((await gateway.resetPassword(token, 'Yeni5ifre!')).status).toBe(400);
  });
});

describe('email verification', () => {
  it('sends the signed-in verification mail to the account address, whatever the client names', async () => {
    const { accessToken } = await loginDemo();
    expect((await gateway.sendVerificationEmail(accessToken, 'other@example.com')).ok).toBe(true);
    expect(store.outbox.map((mail) => [mail.to, mail.kind])).toEqual([[DEMO_USER_EMAIL, 'verify-email']]);
    expect((await gateway.sendVerificationEmail('nope', DEMO_USER_EMAIL)).status).toBe(401);
  });

  it('verifies with a single-use token and tells listeners', async () => {
    const { accessToken } = await loginDemo();
    const verified: string[] = [];
    store.onEmailVerified((userId) => verified.push(userId));
    const token = store.issueVerificationToken(DEMO_USER_EMAIL);
    expect(await gateway.verifyEmail(token)).toMatchObject({ ok: true, message: messages.verification.verified });
    expect(data(await gateway.getProfile(accessToken)).isEmailVerified).toBe(true);
    expect(verified).toEqual([DEMO_USER_ID]);
    expect(await gateway.verifyEmail(token)).toMatchObject({ ok: false, status: 400 });
  });

  it('refuses unknown, expired and other-purpose tokens', async () => {
    expect((await gateway.verifyEmail('unknown')).status).toBe(400);
    const anonymous = store.issueAnonymousVerificationToken('guest@example.com');
    expect((await gateway.verifyEmail(anonymous)).status).toBe(400);
    const token = store.issueVerificationToken(DEMO_USER_EMAIL);
    clock.advance(24 * 60 * 60_000);
    expect((await gateway.verifyEmail(token)).status).toBe(400);
  });

  it('anonymous: 400 for a registered address, 409 for a second request, ok otherwise', async () => {
    expect(await gateway.sendAnonymousVerificationEmail(DEMO_USER_EMAIL)).toEqual({
      ok: false,
      status: 400,
      message: 'Email address is already registered please log in',
    });
    expect((await gateway.sendAnonymousVerificationEmail('guest@example.com')).ok).toBe(true);
    expect(await gateway.sendAnonymousVerificationEmail('Guest@example.com')).toEqual({
      ok: false,
      status: 409,
      message: 'A verification email has already been sent. Please check your email.',
    });
    expect((await gateway.sendAnonymousVerificationEmail('other@example.com')).ok).toBe(true);
  });

  it('anonymous: the mailed token verifies once', async () => {
    await gateway.sendAnonymousVerificationEmail('guest@example.com');
    const token = store.lastMailTo('guest@example.com', 'verify-email-anonymous')!.token;
    expect((await gateway.verifyEmailAnonymous(token)).ok).toBe(true);
    expect(store.verifiedGuestEmails.has('guest@example.com')).toBe(true);
    expect((await gateway.verifyEmailAnonymous(token)).status).toBe(400);
  });
});

describe('failure modes', () => {
  it('answers the configured failure for every call', async () => {
    gateway.failWith = { status: 503, message: 'Maintenance' };
    expect(await gateway.login(DEMO_USER_EMAIL, DEMO_USER_PASSWORD)).toEqual({ ok: false, status: 503, message: 'Maintenance' });
    expect(await gateway.forgotPassword(DEMO_USER_EMAIL)).toEqual({ ok: false, status: 503, message: 'Maintenance' });
    expect(store.outbox).toEqual([]);
  });

  it('answers a network failure as the HTTP layer does, or throws', async () => {
    gateway.failWith = 'network';
    expect(await gateway.getProfile('x')).toEqual({ ok: false, status: 500, message: 'Network error' });
    gateway.failWith = 'throw';
    await expect(gateway.register('a', 'a@b.c', 'x')).rejects.toThrow('Network error');
  });
});
