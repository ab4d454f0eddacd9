import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addToCart, cartTotals, clearCart, decreaseQuantity, increaseQuantity, removeFromCart, setQuantity } from './cart';
import type { CartItem } from './cart-item';
import type { Product } from './product';

function product(id: string, prodPrice?: number): Product {
  return { _id: id, prodName: `Product ${id}`, images: [], prodPrice };
}

function line(id: string, quantity: number, prodPrice?: number): CartItem {
  return { ...product(id, prodPrice), quantity };
}

/** Frozen input: any mutation by the code under test throws (ES modules run in strict mode). */
function frozen(items: CartItem[]): readonly CartItem[] {
  items.forEach((item) => Object.freeze(item));
  return Object.freeze(items);
}

const quantities = (items: readonly CartItem[]) => items.map((item) => [item._id, item.quantity]);

describe('addToCart', () => {
  it.each([
    { name: 'new product gets quantity 1 by default', start: [], id: 'a', qty: undefined, expected: [['a', 1]] },
    { name: 'new product gets the given quantity', start: [], id: 'a', qty: 3, expected: [['a', 3]] },
    { name: 'existing product grows by 1', start: [line('a', 2)], id: 'a', qty: undefined, expected: [['a', 3]] },
    { name: 'existing product grows by the given quantity', start: [line('a', 2)], id: 'a', qty: 4, expected: [['a', 6]] },
    {
      name: 'another product is appended',
      start: [line('a', 2)],
      id: 'b',
      qty: undefined,
      expected: [
        ['a', 2],
        ['b', 1],
      ],
    },
    { name: 'fractional quantity is floored', start: [], id: 'a', qty: 2.9, expected: [['a', 2]] },
    { name: 'zero still adds one', start: [], id: 'a', qty: 0, expected: [['a', 1]] },
    { name: 'negative still adds one', start: [line('a', 2)], id: 'a', qty: -5, expected: [['a', 3]] },
    { name: 'NaN adds one', start: [], id: 'a', qty: Number.NaN, expected: [['a', 1]] },
  ])('$name', ({ start, id, qty, expected }) => {
    const result = qty === undefined ? addToCart(frozen(start), product(id)) : addToCart(frozen(start), product(id), qty);
    expect(quantities(result)).toEqual(expected);
  });

  it('copies the product fields into the new line', () => {
    expect(addToCart([], product('a', 12.5))).toEqual([{ _id: 'a', prodName: 'Product a', images: [], prodPrice: 12.5, quantity: 1 }]);
  });
});

describe('removeFromCart', () => {
  it.each([
    { name: 'removes the line with that id', start: [line('a', 1), line('b', 2)], id: 'a', expected: [['b', 2]] },
    { name: 'unknown id changes nothing', start: [line('a', 1)], id: 'x', expected: [['a', 1]] },
    { name: 'empty cart stays empty', start: [], id: 'a', expected: [] },
  ])('$name', ({ start, id, expected }) => {
    expect(quantities(removeFromCart(frozen(start), id))).toEqual(expected);
  });
});

describe('setQuantity', () => {
  it.each([
    { name: 'sets the quantity', qty: 7, expected: 7 },
    { name: 'never below 1 (zero)', qty: 0, expected: 1 },
    { name: 'never below 1 (negative)', qty: -3, expected: 1 },
    { name: 'floors a fraction', qty: 4.8, expected: 4 },
    { name: 'floors a fraction below 1 up to 1', qty: 0.5, expected: 1 },
    { name: 'ignores NaN', qty: Number.NaN, expected: 5 },
    { name: 'ignores Infinity', qty: Number.POSITIVE_INFINITY, expected: 5 },
    { name: 'no upper bound', qty: 100000, expected: 100000 },
  ])('$name', ({ qty, expected }) => {
    const result = setQuantity(frozen([line('a', 5), line('b', 2)]), 'a', qty);
    expect(quantities(result)).toEqual([
      ['a', expected],
      ['b', 2],
    ]);
  });

  it('unknown id changes nothing', () => {
    expect(quantities(setQuantity(frozen([line('a', 5)]), 'x', 9))).toEqual([['a', 5]]);
  });
});

describe('increaseQuantity / decreaseQuantity', () => {
  it.each([
    { name: 'increase adds one', op: increaseQuantity, start: 1, expected: 2 },
    { name: 'increase has no upper bound', op: increaseQuantity, start: 999, expected: 1000 },
    { name: 'decrease subtracts one', op: decreaseQuantity, start: 3, expected: 2 },
    { name: 'decrease stops at 1', op: decreaseQuantity, start: 1, expected: 1 },
  ])('$name', ({ op, start, expected }) => {
    const result = op(frozen([line('a', start), line('b', 4)]), 'a');
    expect(quantities(result)).toEqual([
      ['a', expected],
      ['b', 4],
    ]);
  });
});

describe('clearCart', () => {
  it('returns an empty cart', () => {
    expect(clearCart()).toEqual([]);
  });
});

describe('cartTotals', () => {
  it.each([
    { name: 'empty cart', items: [], price: 0, quantity: 0 },
    { name: 'price x quantity summed', items: [line('a', 2, 10), line('b', 3, 1.5)], price: 24.5, quantity: 5 },
    { name: 'missing price counts 0 but its quantity counts', items: [line('a', 2), line('b', 1, 5)], price: 5, quantity: 3 },
    { name: 'NaN price counts 0', items: [line('a', 2, Number.NaN)], price: 0, quantity: 2 },
    { name: 'cent sums stay exact', items: [line('a', 1, 0.1), line('b', 1, 0.2)], price: 0.3, quantity: 2 },
    { name: 'cents times quantity stay exact', items: [line('a', 3, 19.99)], price: 59.97, quantity: 3 },
  ])('$name', ({ items, price, quantity }) => {
    expect(cartTotals(items)).toEqual({ totalPrice: price, totalQuantity: quantity });
  });
});

// ---- properties ----

const ids = fc.constantFrom('a', 'b', 'c', 'd');
const priceInCents = fc.option(fc.integer({ min: 0, max: 10_000_000 }), { nil: undefined });

type Op =
  | { kind: 'add'; id: string; cents: number | undefined; qty: number }
  | { kind: 'remove'; id: string }
  | { kind: 'set'; id: string; qty: number }
  | { kind: 'inc'; id: string }
  | { kind: 'dec'; id: string };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), id: ids, cents: priceInCents, qty: fc.double({ min: -10, max: 50 }) }),
  fc.record({ kind: fc.constant('remove' as const), id: ids }),
  fc.record({ kind: fc.constant('set' as const), id: ids, qty: fc.double() }),
  fc.record({ kind: fc.constant('inc' as const), id: ids }),
  fc.record({ kind: fc.constant('dec' as const), id: ids }),
);

function apply(items: readonly CartItem[], o: Op): CartItem[] {
  switch (o.kind) {
    case 'add':
      return addToCart(items, product(o.id, o.cents === undefined ? undefined : o.cents / 100), o.qty);
    case 'remove':
      return removeFromCart(items, o.id);
    case 'set':
      return setQuantity(items, o.id, o.qty);
    case 'inc':
      return increaseQuantity(items, o.id);
    case 'dec':
      return decreaseQuantity(items, o.id);
  }
}

describe('cart invariants', () => {
  it('after any sequence of operations every quantity is an integer >= 1 and ids are unique', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const items = ops.reduce(apply, [] as CartItem[]);
        for (const item of items) {
          expect(Number.isInteger(item.quantity)).toBe(true);
          expect(item.quantity).toBeGreaterThanOrEqual(1);
        }
        expect(new Set(items.map((item) => item._id)).size).toBe(items.length);
      }),
    );
  });

  it('no operation mutates its input', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 20 }), op, (ops, last) => {
        const before = ops.reduce(apply, [] as CartItem[]);
        const snapshot = structuredClone(before);
        apply(frozen(before), last);
        expect(before).toEqual(snapshot);
      }),
    );
  });

  it('totals equal the sum over lines, exact to the cent', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ cents: priceInCents, quantity: fc.integer({ min: 1, max: 1000 }) }), { maxLength: 30 }), (lines) => {
        const items = lines.map((l, i) => line(String(i), l.quantity, l.cents === undefined ? undefined : l.cents / 100));
        const expectedCents = lines.reduce((sum, l) => sum + (l.cents ?? 0) * l.quantity, 0);
        const totals = cartTotals(items);
        expect(totals.totalPrice).toBe(expectedCents / 100);
        expect(totals.totalQuantity).toBe(lines.reduce((sum, l) => sum + l.quantity, 0));
      }),
    );
  });

  it('adding n of a product raises the total quantity by exactly n', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 20 }), ids, fc.integer({ min: 1, max: 100 }), (ops, id, n) => {
        const before = ops.reduce(apply, [] as CartItem[]);
        const after = addToCart(before, product(id), n);
        expect(cartTotals(after).totalQuantity).toBe(cartTotals(before).totalQuantity + n);
      }),
    );
  });

  it('increase then decrease returns the same quantities', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 20 }), ids, (ops, id) => {
        const before = ops.reduce(apply, [] as CartItem[]);
        expect(decreaseQuantity(increaseQuantity(before, id), id)).toEqual(before);
      }),
    );
  });
});
