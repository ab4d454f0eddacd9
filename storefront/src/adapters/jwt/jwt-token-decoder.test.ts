import { describe, expect, it } from 'vitest';
import { unsignedJwt as token } from '../fake/unsigned-jwt';
import { JwtTokenDecoder } from './jwt-token-decoder';

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
