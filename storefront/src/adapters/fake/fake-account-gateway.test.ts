import { beforeEach, describe, expect, it } from 'vitest';
import { accountMessages } from '../../texts/account-messages';
import { PASSWORD_PROBLEMS, passwordProblem } from '@shop/core/domain/password-policy';
import type { Outcome } from '@shop/core/domain/outcome';
import { JwtTokenDecoder } from '../jwt/jwt-token-decoder';
import { DEMO_USER_EMAIL, DEMO_USER_ID, DEMO_USER_PASSWORD } from './demo-account';
import { FakeAccountGateway } from './fake-account-gateway';
import { FakeAccountStore } from './fake-account-store';
import { FakeClock } from './fake-clock';
import { fakeCommonPasswords } from './fake-common-passwords';
import { FakeSessionCredentials } from './fake-session-credentials';

function data<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new Error(`expected ok, got ${outcome.kind} ${outcome.message ?? ''}`);
  return outcome.data;
}

/** How a call ended, in one word. */
const kind = (outcome: Outcome<unknown, string>): string => (outcome.ok ? 'ok' : outcome.kind);
const rejected = (message: string) => ({ ok: false, kind: 'rejected', message });

const START = Date.UTC(2026, 2, 1, 9);
let clock: FakeClock;
let store: FakeAccountStore;
let session: FakeSessionCredentials;
let gateway: FakeAccountGateway;

beforeEach(() => {
  clock = new FakeClock(START);
  store = new FakeAccountStore({ clock });
  session = new FakeSessionCredentials();
  gateway = new FakeAccountGateway(store, { session });
});

/** Logs the demo user in; the session then carries the new access token. */
const loginDemo = async () => {
  const login = data(await gateway.login(DEMO_USER_EMAIL, DEMO_USER_PASSWORD));
  session.signIn(login.accessToken, login.user._id);
  return login;
};

/** The profile as the holder of `accessToken` reads it. */
const profileOf = (accessToken: string) => {
  session.signIn(accessToken);
  return gateway.getProfile();
};

describe('login and register', () => {
  it('logs the demo user in with a user that never carries a password', async () => {
    const login = data(await gateway.login(DEMO_USER_EMAIL, DEMO_USER_PASSWORD));
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
  ])('refuses an %s (401)', async (_case, email, password) => {
    expect(await gateway.login(email, password)).toEqual(rejected('Invalid email or password'));
  });

  it('registers a new user who can then log in', async () => {
    const registered = await gateway.register('ayse', 'ayse@example.com', 'Mavi#Sepet12');
    expect(data(registered).user).toMatchObject({ userName: 'ayse', email: 'ayse@example.com', isEmailVerified: false, address: [] });
    expect(data(registered).user._id).toMatch(/^[0-9a-f]{24}$/);
    expect((await gateway.login('ayse@example.com', 'Mavi#Sepet12')).ok).toBe(true);
  });

  it('refuses an email already registered (409), in any case', async () => {
    expect(await gateway.register('x', 'DEMO@example.com', 'Ayşe#Sepet12')).toEqual(rejected('Email already registered'));
  });

  it('registers with a Turkish password and refuses a rule-breaking or common one like the server (D16)', async () => {
    expect(kind(await gateway.register('ayse', 'ayse@example.com', 'ŞİFRE123!ğü'))).toBe('ok');
    expect(await gateway.register('bora', 'bora@example.com', 'Password1!')).toEqual(rejected(PASSWORD_PROBLEMS.common));
    expect(await gateway.register('cem', 'cem@example.com', 'kısa1!')).toEqual(rejected(PASSWORD_PROBLEMS.minLength));
    expect(kind(await gateway.login('bora@example.com', 'Password1!'))).toBe('rejected');
  });

  it("refuses the shop's name and the user's own name or email in the password like the server (D16)", async () => {
    for (const password of ['Storefront#12', 'Deniz#Sepet12', 'x1!Kaya.Deniz']) {
      expect(await gateway.register('Deniz', 'kaya.deniz@example.com', password)).toEqual(rejected(PASSWORD_PROBLEMS.personal));
    }
  });

  it('refuses missing fields (400)', async () => {
    expect(await gateway.register('', 'a@b.c', 'x')).toEqual(rejected('Invalid input'));
    expect(await gateway.register('a', 'not-an-email', 'x')).toEqual(rejected('Invalid input'));
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
    gateway = new FakeAccountGateway(new FakeAccountStore({ clock, accessTokenLifetimeMs: 150_000 }), { session });
    expect(decoder.expiresAt((await loginDemo()).accessToken)).toBe(START + 150_000);
  });

  it('stops accepting an access token once it has expired', async () => {
    await loginDemo();
    clock.advance(15 * 60_000 - 1_000);
    expect(kind(await gateway.getProfile())).toBe('ok');
    clock.advance(1_000);
    expect(kind(await gateway.getProfile())).toBe('unauthorised');
    expect(session.rejections).toBe(1);
  });

  it('rotates on refresh: new pair works, a reused refresh token is refused (401) and revokes the family', async () => {
    const first = await loginDemo();
    clock.advance(60_000);
    const second = data(await gateway.refresh(first.refreshToken));
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(decoder.expiresAt(second.accessToken)).toBe(START + 60_000 + 15 * 60_000);
    expect(kind(await profileOf(second.accessToken))).toBe('ok');

    expect(await gateway.refresh(first.refreshToken)).toEqual(rejected('Invalid refresh token'));
    // D4: the whole family is gone, the newest tokens included.
    expect(kind(await gateway.refresh(second.refreshToken))).toBe('rejected');
    expect(kind(await profileOf(second.accessToken))).toBe('unauthorised');
  });

  it('leaves other sessions alone when one family is revoked', async () => {
    const phone = await loginDemo();
    const laptop = await loginDemo();
    await gateway.logout(phone.accessToken);
    expect(kind(await profileOf(laptop.accessToken))).toBe('ok');
    expect(kind(await gateway.refresh(laptop.refreshToken))).toBe('ok');
  });

  it('refuses a refresh with garbage or with an access token (401)', async () => {
    const { accessToken } = await loginDemo();
    expect(kind(await gateway.refresh('garbage'))).toBe('rejected');
    expect(kind(await gateway.refresh(accessToken))).toBe('rejected');
  });

  it('logout revokes the access token and its refresh token at once', async () => {
    const { accessToken, refreshToken } = await loginDemo();
    expect(kind(await gateway.logout(accessToken))).toBe('ok');
    expect(kind(await gateway.getProfile())).toBe('unauthorised');
    expect(kind(await gateway.refresh(refreshToken))).toBe('rejected');
    expect(kind(await gateway.logout(accessToken))).toBe('rejected');
  });

  it('logout with the refresh token ends a session whose access token expired, and only it', async () => {
    const mine = await loginDemo();
    const other = await loginDemo();
    clock.advance(16 * 60_000);
    expect(kind(await gateway.logout(mine.accessToken))).toBe('rejected');
    expect(kind(await gateway.logout(mine.refreshToken))).toBe('ok');
    expect(kind(await gateway.refresh(mine.refreshToken))).toBe('rejected');
    expect(kind(await gateway.refresh(other.refreshToken))).toBe('ok');
    expect(kind(await gateway.logout(mine.refreshToken))).toBe('rejected');
    expect(kind(await gateway.logout('garbage'))).toBe('rejected');
  });
});

describe('profile', () => {
  it('updates the editable fields and ignores the email', async () => {
    const { user } = await loginDemo();
    const result = await gateway.updateProfile({ ...user, name: 'Ayşe', phoneMain: '5550000', email: 'evil@example.com' });
    expect(result).toMatchObject({ ok: true, message: accountMessages.profile.updateSuccess });
    const profile = data(await gateway.getProfile());
    expect(profile).toMatchObject({ name: 'Ayşe', phoneMain: '5550000', email: DEMO_USER_EMAIL });
  });

  it('refuses an empty user name (400) and changes nothing, as the server does', async () => {
    const { user } = await loginDemo();
    const result = await gateway.updateProfile({ ...user, userName: '  ', name: 'Ayşe' });
    expect(result).toEqual(rejected('Invalid request. userName: A user name is required.'));
    expect(data(await gateway.getProfile())).toMatchObject({ userName: user.userName, name: user.name });
  });

  it('refuses a token it does not know (401), which ends the session', async () => {
    session.signIn('nope');
    expect(await gateway.getProfile()).toEqual({ ok: false, kind: 'unauthorised', message: 'Unauthorized' });
    expect(session.rejections).toBe(1);
  });
});

describe('password change (D5)', () => {
  const change = (currentPassword: string, newPassword: string, confirmPassword = newPassword) => ({
    currentPassword,
    newPassword,
    confirmPassword,
  });

  it('changes the password with the right current password and a rule-abiding new one', async () => {
    await loginDemo();
    expect((await gateway.updatePassword(change(DEMO_USER_PASSWORD, 'Yeni5ifre!'))).ok).toBe(true);
    expect(kind(await gateway.login(DEMO_USER_EMAIL, DEMO_USER_PASSWORD))).toBe('rejected');
    expect((await gateway.login(DEMO_USER_EMAIL, 'Yeni5ifre!')).ok).toBe(true);
  });

  it('refuses a wrong current password (400) and changes nothing', async () => {
    await loginDemo();
    const result = await gateway.updatePassword(change('wrong', 'Yeni5ifre!'));
    expect(result).toEqual(rejected('Current password is incorrect'));
    expect((await gateway.login(DEMO_USER_EMAIL, DEMO_USER_PASSWORD)).ok).toBe(true);
  });

  it.each([
    ['too short', 'Ab1!', 'Ab1!', PASSWORD_PROBLEMS.minLength],
    ['no digit', 'Abcdefg!', 'Abcdefg!', PASSWORD_PROBLEMS.digit],
    ['no special', 'Abcdefg1', 'Abcdefg1', PASSWORD_PROBLEMS.special],
    ['no uppercase', 'abcdefg1!', 'abcdefg1!', PASSWORD_PROBLEMS.uppercase],
    ['mismatch', 'Yeni5ifre!', 'Yeni5ifre?', PASSWORD_PROBLEMS.match],
    ['common', 'Qwerty123!', 'Qwerty123!', PASSWORD_PROBLEMS.common],
  ])("refuses a new password that breaks a rule (%s) with the server's message (400)", async (_case, newPassword, confirm, expected) => {
    await loginDemo();
    const result = await gateway.updatePassword(change(DEMO_USER_PASSWORD, newPassword, confirm));
    expect(result).toEqual(rejected(expected));
    expect((await gateway.login(DEMO_USER_EMAIL, DEMO_USER_PASSWORD)).ok).toBe(true);
  });

  it('needs a signed-in session, and is not sent without one', async () => {
    expect(kind(await gateway.updatePassword(change(DEMO_USER_PASSWORD, 'Yeni5ifre!')))).toBe('unauthorised');
    session.signIn('nope');
    expect(kind(await gateway.updatePassword(change(DEMO_USER_PASSWORD, 'Yeni5ifre!')))).toBe('unauthorised');
    expect(session.rejections).toBe(1);
  });

  it.each(['ŞİFRE123!ğü', 'Şifre123!', 'Str0ng!Pass', 'P@ssw0rd1', 'Trustno1!', 'abc', 'Abcdefg١!', 'Kısa1!😀'])(
    "accepts or refuses %s exactly as the shop's rule module does, on change and on reset (D16)",
    async (password) => {
      const expected = passwordProblem(password, password, fakeCommonPasswords());
      await loginDemo();
      const changed = await gateway.updatePassword(change(DEMO_USER_PASSWORD, password));
      const reset = await gateway.resetPassword(store.issueResetToken(DEMO_USER_EMAIL), password);
      for (const result of [changed, reset]) {
        expect(expected === null ? result.ok : result).toEqual(expected === null ? true : rejected(expected));
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
    const { accessToken } = await loginDemo();
    await gateway.forgotPassword(DEMO_USER_EMAIL);
    const token = store.lastMailTo(DEMO_USER_EMAIL, 'reset-password')!.token;
    expect((await gateway.resetPassword(token, 'Yeni5ifre!')).ok).toBe(true);
    expect((await gateway.login(DEMO_USER_EMAIL, 'Yeni5ifre!')).ok).toBe(true);
    expect(kind(await profileOf(accessToken))).toBe('unauthorised');
    expect(await gateway.resetPassword(token, 'Other5ifre!')).toEqual(rejected('Invalid or expired link'));
  });

  it('keeps the link usable when the new password breaks a rule', async () => {
    const token = store.issueResetToken(DEMO_USER_EMAIL);
    expect(kind(await gateway.resetPassword(token, 'weak'))).toBe('rejected');
    expect((await gateway.resetPassword(token, 'Yeni5ifre!')).ok).toBe(true);
  });

  it('expires reset links after 30 minutes', async () => {
    const token = store.issueResetToken(DEMO_USER_EMAIL);
    clock.advance(30 * 60_000);
    expect(await gateway.resetPassword(token, 'Yeni5ifre!')).toEqual(rejected('Invalid or expired link'));
  });
});

describe('email verification', () => {
  it('sends the signed-in verification mail to the account address, whatever the client names', async () => {
    await loginDemo();
    expect((await gateway.sendVerificationEmail('other@example.com')).ok).toBe(true);
    expect(store.outbox.map((mail) => [mail.to, mail.kind])).toEqual([[DEMO_USER_EMAIL, 'verify-email']]);
    session.signIn('nope');
    expect(kind(await gateway.sendVerificationEmail(DEMO_USER_EMAIL))).toBe('unauthorised');
  });

  it('verifies with a single-use token and tells listeners', async () => {
    await loginDemo();
    const verified: string[] = [];
    store.onEmailVerified((userId) => verified.push(userId));
    const token = store.issueVerificationToken(DEMO_USER_EMAIL);
    expect(await gateway.verifyEmail(token)).toMatchObject({ ok: true, message: accountMessages.verification.verified });
    expect(data(await gateway.getProfile()).isEmailVerified).toBe(true);
    expect(verified).toEqual([DEMO_USER_ID]);
    expect(await gateway.verifyEmail(token)).toEqual(rejected('Invalid or expired link'));
  });

  it('refuses unknown, expired and other-purpose tokens', async () => {
    expect(kind(await gateway.verifyEmail('unknown'))).toBe('rejected');
    const anonymous = store.issueAnonymousVerificationToken('guest@example.com');
    expect(kind(await gateway.verifyEmail(anonymous))).toBe('rejected');
    const token = store.issueVerificationToken(DEMO_USER_EMAIL);
    clock.advance(24 * 60 * 60_000);
    expect(kind(await gateway.verifyEmail(token))).toBe('rejected');
  });

  it('anonymous: refused for a registered address (400) and for a second request (409), ok otherwise', async () => {
    expect(await gateway.sendAnonymousVerificationEmail(DEMO_USER_EMAIL)).toEqual({
      ...rejected('Email address is already registered please log in'),
      reason: 'registered',
    });
    expect((await gateway.sendAnonymousVerificationEmail('guest@example.com')).ok).toBe(true);
    expect(await gateway.sendAnonymousVerificationEmail('Guest@example.com')).toEqual({
      ...rejected('A verification email has already been sent. Please check your email.'),
      reason: 'already-sent',
    });
    expect((await gateway.sendAnonymousVerificationEmail('other@example.com')).ok).toBe(true);
  });

  it('anonymous: the mailed token verifies once', async () => {
    await gateway.sendAnonymousVerificationEmail('guest@example.com');
    const token = store.lastMailTo('guest@example.com', 'verify-email-anonymous')!.token;
    expect((await gateway.verifyEmailAnonymous(token)).ok).toBe(true);
    expect(store.verifiedGuestEmails.has('guest@example.com')).toBe(true);
    expect(kind(await gateway.verifyEmailAnonymous(token))).toBe('rejected');
  });
});

describe('failure modes', () => {
  it('answers the configured failure for every call', async () => {
    gateway.server.failWith = { status: 503, message: 'Maintenance' };
    const maintenance = { ok: false, kind: 'unavailable', message: 'Maintenance' };
    expect(await gateway.login(DEMO_USER_EMAIL, DEMO_USER_PASSWORD)).toEqual(maintenance);
    expect(await gateway.forgotPassword(DEMO_USER_EMAIL)).toEqual(maintenance);
    expect(store.outbox).toEqual([]);
    gateway.server.failWith = { status: 429 };
    expect(await gateway.forgotPassword(DEMO_USER_EMAIL)).toEqual({ ok: false, kind: 'rejected' });
  });

  it('answers a network failure as the HTTP layer does: no answer, never a throw', async () => {
    await loginDemo();
    gateway.server.failWith = 'network';
    expect(await gateway.getProfile()).toEqual({ ok: false, kind: 'unavailable', message: 'Network error' });
    expect(await gateway.register('a', 'a@b.c', 'x')).toEqual({ ok: false, kind: 'unavailable', message: 'Network error' });
    expect(session.rejections).toBe(0);
  });
});
