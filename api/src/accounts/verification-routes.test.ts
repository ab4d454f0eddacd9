import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, build, type TestServer } from '../testing/test-server';

let s: TestServer;
beforeAll(async () => {
  s = await build();
});
afterAll(async () => {
  await s.close();
});

const SENT = 'An email has been sent to your email address. Please click the verification link in the mail.';
const verifyAnon = (to: string, remoteAddress = '127.0.0.1') =>
  s.request({
    method: 'POST',
    url: '/api/users/verify-email-anonymous',
    payload: { to, bcc: '', subject: 's', html: '<b>x</b>' },
    remoteAddress,
  });

describe('signed-in email verification', () => {
  it("mails only the account's own address, with a server-built link, ignoring client mail fields", async () => {
    const session = await s.signIn('me@example.com');
    const response = await s.request({
      method: 'POST',
      url: '/api/users/verify-email',
      headers: bearer(session.accessToken),
      payload: {
        to: 'victim@evil.test',
        cc: 'a@evil.test',
        bcc: 'b@evil.test',
        subject: 'Free money',
        html: '<a href="https://evil.test">x</a>',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: SENT });
    const mail = (await s.flushMail()).at(-1)!;
    expect(mail.to).toBe('me@example.com');
    expect(mail.subject).toBe('Verify your email address');
    expect(mail.html).not.toContain('evil');
    expect(mail.links).toEqual([expect.stringMatching(/^http:\/\/localhost:5000\/verify-email\/[A-Za-z0-9_-]{43}$/)]);
    expect(s.mails.some((m) => m.to.includes('evil'))).toBe(false);
  });

  it('verifies once, emits emailVerified for that user only, and refuses the second use', async () => {
    const session = await s.signIn('verify-me@example.com');
    await s.request({ method: 'POST', url: '/api/users/verify-email', headers: bearer(session.accessToken), payload: {} });
    const token = await s.tokenFromMail('verify-me@example.com', '/verify-email/');
    const first = await s.request({ method: 'POST', url: `/api/users/email-verification/${token}`, payload: {} });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, message: 'Your email address is verified successfully.' });
    expect(s.events).toContainEqual({ type: 'emailVerified', userId: session.user._id });
    const profile = await s.request({ method: 'GET', url: '/api/users/profile', headers: bearer(session.accessToken) });
    expect(profile.json().user.isEmailVerified).toBe(true);
    const second = await s.request({ method: 'POST', url: `/api/users/email-verification/${token}`, payload: {} });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ success: false, message: expect.any(String) });
    const already = await s.request({ method: 'POST', url: '/api/users/verify-email', headers: bearer(session.accessToken), payload: {} });
    expect(already.statusCode).toBe(400);
  });

  it('verification links expire after 24 hours', async () => {
    const session = await s.signIn('slow@example.com');
    await s.request({ method: 'POST', url: '/api/users/verify-email', headers: bearer(session.accessToken), payload: {} });
    const token = await s.tokenFromMail('slow@example.com', '/verify-email/');
    s.clock.advance(24 * 60 * 60_000 + 1000);
    const response = await s.request({ method: 'POST', url: `/api/users/email-verification/${token}`, payload: {} });
    expect(response.statusCode).toBe(400);
    const login = await s.request({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'slow@example.com', password: 'Str0ng!Pass' },
    });
    expect(login.json().user.isEmailVerified).toBe(false);
  });

  it('refuses a JSON body that is not an object with 400', async () => {
    const session = await s.signIn('null-body@example.com');
    const answer = await s.request({
      method: 'POST',
      url: '/api/users/verify-email',
      headers: { ...bearer(session.accessToken), 'content-type': 'application/json' },
      payload: 'null',
    });
    expect(answer.statusCode).toBe(400);
    expect((await s.flushMail()).filter((mail) => mail.to === 'null-body@example.com')).toHaveLength(0);
  });

  it('needs a session and refuses unknown tokens', async () => {
    expect((await s.request({ method: 'POST', url: '/api/users/verify-email', payload: {} })).statusCode).toBe(401);
    expect((await s.request({ method: 'POST', url: `/api/users/email-verification/${'b'.repeat(43)}`, payload: {} })).statusCode).toBe(400);
    expect((await s.request({ method: 'POST', url: '/api/users/email-verification/x', payload: {} })).statusCode).toBe(400);
  });
});

describe('anonymous email verification', () => {
  it('answers 400 for a registered address, 409 while a mail is pending, else 200', async () => {
    await s.register('member@example.com');
    const registered = await verifyAnon('MEMBER@example.com');
    expect(registered.statusCode).toBe(400);
    expect(registered.json()).toEqual({ success: false, message: 'Email address is already registered please log in' });

    const first = await verifyAnon('guest@example.com');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, message: SENT });
    const mail = (await s.flushMail()).at(-1)!;
    expect(mail.to).toBe('guest@example.com');
    expect(mail.links[0]).toMatch(/^http:\/\/localhost:5000\/verify-email-anonymous\/[A-Za-z0-9_-]{43}$/);

    const pending = await verifyAnon('guest@example.com');
    expect(pending.statusCode).toBe(409);
    expect(pending.json()).toEqual({ success: false, message: 'A verification email has already been sent. Please check your email.' });
    expect((await s.flushMail()).filter((m) => m.to === 'guest@example.com')).toHaveLength(1);
  });

  it('verifies the address once; the link is single use; bad addresses are 400', async () => {
    await verifyAnon('guest2@example.com');
    const token = await s.tokenFromMail('guest2@example.com', '/verify-email-anonymous/');
    // A signed-in verification endpoint does not accept an anonymous token.
    expect((await s.request({ method: 'POST', url: `/api/users/email-verification/${token}`, payload: {} })).statusCode).toBe(400);
    const first = await s.request({ method: 'POST', url: `/api/users/email-verification-anonymous/${token}`, payload: {} });
    expect(first.statusCode).toBe(200);
    const rows = await s.testDb.db.query('SELECT email_key FROM verified_addresses');
    expect(rows.rows).toEqual([{ email_key: 'guest2@example.com' }]);
    expect((await s.request({ method: 'POST', url: `/api/users/email-verification-anonymous/${token}`, payload: {} })).statusCode).toBe(
      400,
    );
    expect((await verifyAnon('not an email')).statusCode).toBe(400);
    expect((await s.request({ method: 'POST', url: '/api/users/verify-email-anonymous', payload: {} })).statusCode).toBe(400);
  });

  it('after a failed send, asking again answers 200 and tries that mail at once: one mail, whose link works', async () => {
    const send = s.app.mailer.send;
    s.app.mailer.send = async (mail) => {
      if (mail.to === 'smtp.down@example.com') throw new Error('SMTP down');
      return send(mail);
    };
    try {
      expect((await verifyAnon('smtp.down@example.com')).statusCode).toBe(200);
      await s.flushMail();
      // Still within the outbox's first backoff (30 s): only the shopper's retry makes it try now.
      const again = await verifyAnon('smtp.down@example.com');
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ success: true, message: SENT });
      const [owed] = await s.app.mailOutbox.pending();
      expect(owed).toMatchObject({ recipient: 'smtp.down@example.com', attempts: 1, lastError: 'SMTP down' });
      expect(Date.parse(owed!.nextAttemptAt)).toBeLessThanOrEqual(s.clock.now().getTime());
    } finally {
      s.app.mailer.send = send;
    }
    await s.flushMail();
    const mails = s.mails.filter((m) => m.to === 'smtp.down@example.com');
    expect(mails).toHaveLength(1);
    // Sent now: asking again is the 409 of a mail on its way.
    expect((await verifyAnon('smtp.down@example.com')).statusCode).toBe(409);
    const token = mails[0]!.links[0]!.split('/').at(-1);
    expect((await s.request({ method: 'POST', url: `/api/users/email-verification-anonymous/${token}`, payload: {} })).statusCode).toBe(
      200,
    );
  });
});

describe('verification mail throttling', () => {
  it('limits anonymous verification mails per client (429)', async () => {
    const t = await import('../testing/test-server').then((m) => m.build({ env: { RATE_LIMIT_VERIFY_MAIL_PER_CLIENT: '2' } }));
    try {
      const send = (to: string) =>
        t.request({ method: 'POST', url: '/api/users/verify-email-anonymous', payload: { to }, remoteAddress: '10.9.0.1' });
      expect((await send('a1@example.com')).statusCode).toBe(200);
      expect((await send('a2@example.com')).statusCode).toBe(200);
      const third = await send('a3@example.com');
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({ success: false, message: 'Too many attempts. Please try again later.' });
      expect((await t.flushMail()).map((m) => m.to)).toEqual(['a1@example.com', 'a2@example.com']);
    } finally {
      await t.close();
    }
  });
});
