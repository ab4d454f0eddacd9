import { describe, expect, it } from 'vitest';
import { JwtTokenDecoder } from './jwt-token-decoder';

const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const token = (payload: object) => `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;

describe('JwtTokenDecoder', () => {
  const decoder = new JwtTokenDecoder();

  it('reads exp in seconds as milliseconds', () => {
    expect(decoder.expiresAt(token({ sub: 'u', exp: 1_700_000_000 }))).toBe(1_700_000_000_000);
  });

  it.each([
    ['garbage', 'not-a-token'],
    ['no exp', token({ sub: 'u' })],
    ['non-numeric exp', token({ exp: 'soon' })],
    ['empty', ''],
  ])('gives null for %s', (_name, value) => {
    expect(decoder.expiresAt(value)).toBeNull();
  });
});
