import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, startTestServer, type TestServer } from '../testing/test-server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ RATE_LIMIT_LOGIN_PER_ACCOUNT: '3', RATE_LIMIT_LOGIN_PER_CLIENT: '5', RATE_LIMIT_REGISTER_PER_CLIENT: '6' });
});
afterAll(async () => {
  await s.close();
});

const login = (email: string, password: string, ip = '10.0.0.1') =>
  s.request({ method: 'POST', url: '/api/users/login', payload: { email, password }, remoteAddress: ip });

describe('login throttling', () => {
  it('locks an account after its failures (429), even with the right password, until the window passes', async () => {
    await s.register('victim@example.com');
    for (let i = 0; i < 3; i++) expect((await login('victim@example.com', 'Wr0ng!pass', `10.1.0.${i}`)).statusCode).toBe(401);
    const locked = await login('VICTIM@example.com', STRONG_PASSWORD, '10.1.0.9');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ success: false, message: 'Too many attempts. Please try again later.' });
    s.clock.advance(15 * 60_000 + 1);
    expect((await login('victim@example.com', STRONG_PASSWORD, '10.1.0.9')).statusCode).toBe(200);
  });

  it('limits failures per client across accounts', async () => {
    for (let i = 0; i < 5; i++) expect((await login(`nobody${i}@example.com`, 'Wr0ng!pass', '10.2.0.1')).statusCode).toBe(401);
    expect((await login('another@example.com', 'Wr0ng!pass', '10.2.0.1')).statusCode).toBe(429);
    expect((await login('another@example.com', 'Wr0ng!pass', '10.2.0.2')).statusCode).toBe(401);
  });

  it('a success clears the account count, so a user who mistyped once is not locked out', async () => {
    await s.register('typo@example.com');
    for (let round = 0; round < 3; round++) {
      expect((await login('typo@example.com', 'Wr0ng!pass', `10.3.0.${round}`)).statusCode).toBe(401);
      expect((await login('typo@example.com', 'Wr0ng!pass', `10.3.0.${round}`)).statusCode).toBe(401);
      expect((await login('typo@example.com', STRONG_PASSWORD, `10.3.0.${round}`)).statusCode).toBe(200);
    }
  });

  it('limits sign-ups per client', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) {
      const response = await s.request({
        method: 'POST',
        url: '/api/users/register',
        payload: { userName: 'u', email: `many${i}@example.com`, password: STRONG_PASSWORD },
        remoteAddress: '10.4.0.1',
      });
      codes.push(response.statusCode);
    }
    expect(codes).toEqual([201, 201, 201, 201, 201, 201, 429]);
  });
});
