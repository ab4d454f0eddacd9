import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { formatPrice, formatUsd } from './money-format';

/** What formatUsd must agree with: the platform's own en-US dollar format. */
function intlUsd(digits: number): Intl.NumberFormat {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

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

  it.each([1.005, 2.675, -0.004, -0, 1e12 + 0.5])('%d is written as Intl.NumberFormat writes it', (amount) => {
    expect(formatUsd(amount)).toBe(intlUsd(2).format(amount));
  });

  it('writes any amount, at 0 to 3 digits, as Intl.NumberFormat en-US USD does', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 }),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 3 }),
        (whole, decimals, digits) => {
          const amount = whole / 10 ** decimals;
          expect(formatUsd(amount, digits)).toBe(intlUsd(digits).format(amount));
        },
      ),
      { numRuns: 2000 },
    );
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
