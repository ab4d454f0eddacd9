import { afterEach, describe, expect, it, vi } from 'vitest';
import { type StoredSession, type User, newUser } from '@shop/core/domain/user';
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
    expect([localStorage.getItem('accessToken'), localStorage.getItem('refreshToken'), localStorage.getItem('user')]).toEqual([
      null,
      null,
      null,
    ]);
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

  it('reads a user with unknown fields, keeping only the known ones (SPEC 3)', () => {
    const address = { _id: 'a000000000000001', addressName: 'Ev', addressType: 'Home', _newId: 'x', createdAt: '2024-01-01' };
    localStorage.setItem('accessToken', 'acc.token');
    localStorage.setItem('user', JSON.stringify({ ...user, __v: 3, createdAt: '2024-01-01', favourites: ['p1'], address: [address] }));
    const loaded = new LocalSessionStorage(localStorage).load();
    expect(loaded?.user).toMatchObject({ ...user, address: [{ _id: 'a000000000000001', addressName: 'Ev', addressType: 'Home' }] });
    expect(loaded?.user).not.toHaveProperty('__v');
    expect(loaded?.user.address[0]).not.toHaveProperty('_newId');
  });

  it('reads missing or null optional fields as the wire format does', () => {
    localStorage.setItem('accessToken', 'acc.token');
    localStorage.setItem('user', JSON.stringify({ _id: user._id, userId: 42, email: user.email, name: null }));
    expect(new LocalSessionStorage(localStorage).load()?.user).toEqual(
      newUser({ _id: user._id, userId: '42', userName: '', email: user.email, isEmailVerified: false }),
    );
  });

  it.each([
    ['unparsable', '{"_id":'],
    ['a user without an email', JSON.stringify({ ...user, email: undefined })],
    ['a list', '[]'],
    ['null', 'null'],
    ['an address list that is not a list', JSON.stringify({ ...user, address: 'Ev' })],
  ])('reads a corrupt user (%s) as no session and removes the stored tokens and user, logging without them', (_name, raw) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    localStorage.setItem('accessToken', 'secret-access');
    localStorage.setItem('refreshToken', 'secret-refresh');
    localStorage.setItem('user', raw);
    localStorage.setItem('cartItems', '[]');
    expect(new LocalSessionStorage(localStorage).load()).toBeNull();
    expect([localStorage.getItem('accessToken'), localStorage.getItem('refreshToken'), localStorage.getItem('user')]).toEqual([
      null,
      null,
      null,
    ]);
    expect(localStorage.getItem('cartItems')).toBe('[]');
    expect(log).toHaveBeenCalled();
    expect(log.mock.calls.flat().join(' ')).not.toMatch(/secret-(access|refresh)/);
  });

  it('removes tokens left without a user, and a user left without an access token', () => {
    localStorage.setItem('accessToken', 'acc');
    localStorage.setItem('refreshToken', 'ref');
    expect(new LocalSessionStorage(localStorage).load()).toBeNull();
    expect([localStorage.getItem('accessToken'), localStorage.getItem('refreshToken')]).toEqual([null, null]);
    localStorage.setItem('user', JSON.stringify(user));
    expect(new LocalSessionStorage(localStorage).load()).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
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
