import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CartItem } from './cart-item';
import { FREE_SHIPPING_ABOVE, SHIPPING_FEE, orderSummary, shippingFee, shippingFeeCents } from './shipping';

function line(id: string, quantity: number, prodPrice?: number): CartItem {
  return { _id: id, prodName: id, images: [], prodPrice, quantity };
}

describe('shippingFee (D1)', () => {
  it.each([
    { total: 0, fee: 100 },
    { total: 150.5, fee: 100 },
    { total: 19999.99, fee: 100 },
    { total: 20000, fee: 100 },
    { total: 20000.01, fee: 0 },
    { total: 50000, fee: 0 },
  ])('product total $total -> fee $fee', ({ total, fee }) => {
    expect(shippingFee(total)).toBe(fee);
  });

  it('is the fee up to and including the threshold and free above it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        const total = cents / 100;
        expect(shippingFee(total)).toBe(total <= FREE_SHIPPING_ABOVE ? SHIPPING_FEE : 0);
      }),
    );
  });
});

describe('orderSummary', () => {
  it.each([
    {
      name: 'a small order pays shipping',
      items: [line('a', 2, 10.25)],
      expected: { productTotal: 20.5, itemCount: 2, shipping: 100, total: 120.5, freeShipping: false },
    },
    {
      name: 'exactly 20000 still pays shipping',
      items: [line('a', 2, 10000)],
      expected: { productTotal: 20000, itemCount: 2, shipping: 100, total: 20100, freeShipping: false },
    },
    {
      name: 'above 20000 ships free',
      items: [line('a', 1, 20000), line('b', 1, 0.01)],
      expected: {
        productTotal: 20000.01,
        itemCount: 2,
        shipping: 0,
        total: 20000.01,
        freeShipping: true,
      },
    },
    {
      name: 'items without a price still ship',
      items: [line('a', 3)],
      expected: { productTotal: 0, itemCount: 3, shipping: 100, total: 100, freeShipping: false },
    },
    {
      name: 'an empty cart has nothing to ship',
      items: [],
      expected: { productTotal: 0, itemCount: 0, shipping: 0, total: 0, freeShipping: false },
    },
    {
      name: 'total has no float noise (8.04 + 100 is 108.04, not 108.03999999999999)',
      items: [line('a', 1, 8.04)],
      expected: { productTotal: 8.04, itemCount: 1, shipping: 100, total: 108.04, freeShipping: false },
    },
    {
      name: 'totals are rounded to cents',
      items: [line('a', 1, 0.1), line('b', 1, 0.2)],
      expected: { productTotal: 0.3, itemCount: 2, shipping: 100, total: 100.3, freeShipping: false },
    },
  ])('$name', ({ items, expected }) => {
    expect(orderSummary(items)).toEqual(expected);
  });

  it('total is product total plus shipping, to the cent, for any cart', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ cents: fc.integer({ min: 0, max: 3_000_000 }), quantity: fc.integer({ min: 1, max: 5 }) }), {
          minLength: 1,
          maxLength: 10,
        }),
        (lines) => {
          const items = lines.map((l, i) => line(String(i), l.quantity, l.cents / 100));
          const cents = lines.reduce((sum, l) => sum + l.cents * l.quantity, 0);
          const summary = orderSummary(items);
          const fee = cents > FREE_SHIPPING_ABOVE * 100 ? 0 : SHIPPING_FEE;
          expect(summary.productTotal).toBe(cents / 100);
          expect(summary.shipping).toBe(fee);
          expect(summary.total).toBe((cents + fee * 100) / 100);
          expect(summary.freeShipping).toBe(fee === 0);
        },
      ),
    );
  });
});

describe('shippingFeeCents: D1 in cents, as orders are priced (the server and the fakes)', () => {
  it.each([
    { cents: 0, fee: 10_000 },
    { cents: 1_999_999, fee: 10_000 },
    { cents: 2_000_000, fee: 10_000 },
    { cents: 2_000_001, fee: 0 },
    { cents: 100_000_000, fee: 0 },
  ])('products of $cents cents pay $fee cents', ({ cents, fee }) => {
    expect(shippingFeeCents(cents)).toBe(fee);
  });
});
