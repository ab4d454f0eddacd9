import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW_PASSWORD, build, type TestServer } from '../testing/test-server';

let s: TestServer;
beforeAll(async () => {
  s = await build();
});
afterAll(async () => {
  await s.close();
});

const reset = (token: string, newpass: string) =>
  s.request({ method: 'PUT', url: `/api/users/reset-password/${token}`, payload: { newpass } });

describe('a new password voids the pending reset links', () => {
  it('after a reset, the other reset link of the same user answers 400', async () => {
    await s.register('twolinks@example.com');
    const first = await s.resetToken('twolinks@example.com');
    const second = await s.resetToken('twolinks@example.com');
    expect((await reset(second, NEW_PASSWORD)).statusCode).toBe(200);
    const stale = await reset(first, 'An0ther!Password');
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({
      success: false,
      message: 'The password reset link is invalid or has expired. Please ask for a new one.',
    });
    const login = await s.request({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'twolinks@example.com', password: NEW_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it('after a signed-in password change, an earlier reset link answers 400', async () => {
    const session = await s.signIn('changed@example.com');
    const earlier = await s.resetToken('changed@example.com');
    const change = await s.changePassword(session.accessToken, NEW_PASSWORD);
    expect(change.statusCode).toBe(200);
    expect((await reset(earlier, 'An0ther!Password')).statusCode).toBe(400);
  });

  it("leaves other users' reset links alone", async () => {
    await s.register('bystander@example.com');
    await s.register('resetter@example.com');
    const bystanders = await s.resetToken('bystander@example.com');
    expect((await reset(await s.resetToken('resetter@example.com'), NEW_PASSWORD)).statusCode).toBe(200);
    expect((await reset(bystanders, NEW_PASSWORD)).statusCode).toBe(200);
  });
});
