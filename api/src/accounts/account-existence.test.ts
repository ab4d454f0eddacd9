import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, STRONG_PASSWORD, type TestServer } from '../testing/test-server';

/**
 * Register (409) and guest verification (400, SPEC's text) tell that an address has an account:
 * an accepted risk (docs/security.md, "Account existence"). What bounds it: every such answer
 * counts against the route's per-client limit, so one client can test only so many addresses.
 */
describe('account existence answers are throttled per client', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await build({ env: { RATE_LIMIT_REGISTER_PER_CLIENT: '2', RATE_LIMIT_VERIFY_MAIL_PER_CLIENT: '2' } });
    await s.register('taken@example.com'); // from the harness's own address, not the probing client's
  });
  afterAll(() => s.close());

  it('register: 409 for a registered address, counted, then 429 for any address from that client', async () => {
    const probe = (email: string) =>
      s.request({
        method: 'POST',
        url: '/api/users/register',
        remoteAddress: '203.0.113.50',
        payload: { userName: 'Probe', email, password: STRONG_PASSWORD },
      });
    const first = await probe('taken@example.com');
    expect(first.statusCode).toBe(409);
    expect(first.json()).toMatchObject({ success: false, message: 'This email address is already registered. Please log in.' });
    expect((await probe('taken@example.com')).statusCode).toBe(409);
    expect((await probe('taken@example.com')).statusCode).toBe(429);
    expect((await probe('free@example.com')).statusCode).toBe(429);
  });

  it("guest verification: SPEC's 400 for a registered address, counted, then 429 for any address from that client", async () => {
    const probe = (to: string) =>
      s.request({ method: 'POST', url: '/api/users/verify-email-anonymous', remoteAddress: '203.0.113.51', payload: { to } });
    const first = await probe('taken@example.com');
    expect(first.statusCode).toBe(400);
    expect(first.json()).toEqual({ success: false, message: 'Email address is already registered please log in' });
    expect((await probe('taken@example.com')).statusCode).toBe(400);
    const third = await probe('guest-free@example.com');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ success: false, message: 'Too many attempts. Please try again later.' });
  });
});
