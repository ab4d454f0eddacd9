import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { formatPrice, formatUsd } from './money-format';

describe('formatUsd (D8)', () => {
  it.each([
    { amount: 1234.5, digits: undefined, expected: '$1,234.50' },
    { amount: 0, digits: undefined, expected: '$0.00' },
    { amount: 100, digits: undefined, expected: '$100.00' },
    { amount: 0.1 + 0.2, digits: undefined, expected: '$0.30' },
    { amount: 1234567.891, digits: undefined, expected: '$1,234,567.89' },
    { amount: 20000, digits: 0, expected: '$20,000' },
    { amount: 9.999, digits: 2, expected: '$10.00' },
  ])('$amount with $digits digits -> $expected', ({ amount, digits, expected }) => {
    expect(digits === undefined ? formatUsd(amount) : formatUsd(amount, digits)).toBe(expected);
  });

  it('always has a dollar sign, grouping commas and exactly two decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000_00 }), (cents) => {
        expect(formatUsd(cents / 100)).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
        expect(Number(formatUsd(cents / 100).replace(/[$,]/g, ''))).toBe(cents / 100);
      }),
    );
  });
});

describe('formatPrice', () => {
  it.each([
    { price: 12.5, expected: '$12.50' },
    { price: 0, expected: '$0.00' },
    { price: undefined, expected: null },
    { price: Number.NaN, expected: null },
  ])('$price -> $expected', ({ price, expected }) => {
    expect(formatPrice(price)).toBe(expected);
  });
});

describe('the free-shipping label (D1)', () => {
  it('is derived from the threshold', () => {
    expect(messages.cart.freeShipping).toBe('Free (Order above $20,000)');
  });
});
