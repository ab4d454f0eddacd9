import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoredSession, User } from '../../domain/user';
import { LocalSessionStorage } from './local-session-storage';
import { ThrowingStorage } from './throwing-storage';

const user: User = {
  _id: 'u000000000000001',
  userId: '42',
  userName: 'ada',
  email: 'ada@example.com',
  isEmailVerified: true,
  phone: '',
  phoneCCode: '90',
  phoneACode: '532',
  phoneMain: '1234567',
  name: 'Ada',
  surname: 'Lovelace',
  address: [],
};

const session: StoredSession = { accessToken: 'acc.token', refreshToken: 'ref.token', user };

describe('LocalSessionStorage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('keeps the tokens as plain strings and the user as JSON under their keys', () => {
    new LocalSessionStorage(localStorage).save(session);
    expect(localStorage.getItem('accessToken')).toBe('acc.token');
    expect(localStorage.getItem('refreshToken')).toBe('ref.token');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(user);
    expect(new LocalSessionStorage().load()).toEqual(session);
  });

  it('removes a stale refresh token when the session has none', () => {
    const storage = new LocalSessionStorage(localStorage);
    storage.save(session);
    storage.save({ ...session, refreshToken: null });
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(storage.load()).toEqual({ ...session, refreshToken: null });
  });

  it('clears all three keys', () => {
    const storage = new LocalSessionStorage(localStorage);
    storage.save(session);
    localStorage.setItem('cartItems', '[]');
    storage.clear();
    expect([localStorage.getItem('accessToken'), localStorage.getItem('refreshToken'), localStorage.getItem('user')]).toEqual([null, null, null]);
    expect(localStorage.getItem('cartItems')).toBe('[]');
    expect(storage.load()).toBeNull();
  });

  it('has no session without an access token or without a user', () => {
    localStorage.setItem('user', JSON.stringify(user));
    expect(new LocalSessionStorage(localStorage).load()).toBeNull();
    localStorage.clear();
    localStorage.setItem('accessToken', 'acc');
    expect(new LocalSessionStorage(localStorage).load()).toBeNull();
  });

  it.each([
    ['unparsable', '{"_id":'],
    ['a user without an email', JSON.stringify({ ...user, email: undefined })],
    ['a list', '[]'],
  ])('reads a corrupt user (%s) as no session, logging without tokens', (_name, raw) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    localStorage.setItem('accessToken', 'secret-access');
    localStorage.setItem('user', raw);
    expect(new LocalSessionStorage(localStorage).load()).toBeNull();
    expect(log).toHaveBeenCalled();
    expect(log.mock.calls.flat().join(' ')).not.toContain('secret-access');
  });

  it('only logs storage failures, never the tokens', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const storage = new LocalSessionStorage(new ThrowingStorage());
    expect(storage.load()).toBeNull();
    expect(() => storage.save(session)).not.toThrow();
    expect(() => storage.clear()).not.toThrow();
    const logged = log.mock.calls.flat().join(' ');
    expect(log).toHaveBeenCalled();
    expect(logged).not.toContain('acc.token');
    expect(logged).not.toContain('ref.token');
  });
});
