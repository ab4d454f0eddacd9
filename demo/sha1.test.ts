// @vitest-environment node
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha1Hex } from './sha1';

describe('sha1Hex', () => {
  it('gives the FIPS 180 test vectors', () => {
    expect(sha1Hex('')).toBe('da39a3ee5e6b4b0d3255bfef95601890afd80709');
    expect(sha1Hex('abc')).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
    expect(sha1Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '84983e441c3bd26ebaae4aa1f95129e5e54670f1',
    );
  });

  it('agrees with node:crypto on any text, block boundaries and Turkish letters included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        expect(sha1Hex(text)).toBe(createHash('sha1').update(text).digest('hex'));
      }),
      { numRuns: 300 },
    );
    for (const length of [54, 55, 56, 63, 64, 65, 119, 120, 128]) {
      const text = 'ş'.repeat(length);
      expect(sha1Hex(text)).toBe(createHash('sha1').update(text).digest('hex'));
    }
  });
});
