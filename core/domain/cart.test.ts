import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addToCart,
  cartTotals,
  clearCart,
  decreaseQuantity,
  increaseQuantity,
  lineKey,
  mergeLines,
  removeFromCart,
  setQuantity,
} from './cart';
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

describe('lines of products with variants (D25)', () => {
  const shirt = (variantId: string, variantLabel: string, prodPrice = 12.5) => ({ ...product('t', prodPrice), variantId, variantLabel });

  it('keys a line by its product and variant; a line without a variant by the product alone', () => {
    expect(lineKey({ _id: 't' })).toBe('t');
    expect(lineKey({ _id: 't', variantId: 'm' })).toBe('t/m');
  });

  it('adds another variant of a product as a line of its own, and grows the line of the same variant', () => {
    let items = addToCart(frozen([]), shirt('m', 'M / Siyah'));
    items = addToCart(frozen(items), shirt('l', 'L / Beyaz', 13.5), 2);
    items = addToCart(frozen(items), shirt('m', 'M / Siyah'));
    expect(items).toEqual([
      { _id: 't', prodName: 'Product t', images: [], prodPrice: 12.5, variantId: 'm', variantLabel: 'M / Siyah', quantity: 2 },
      { _id: 't', prodName: 'Product t', images: [], prodPrice: 13.5, variantId: 'l', variantLabel: 'L / Beyaz', quantity: 2 },
    ]);
    expect(cartTotals(items).totalQuantity).toBe(4);
  });

  it('changes and removes only the line of the key given', () => {
    const items = frozen([{ ...shirt('m', 'M'), quantity: 2 }, { ...shirt('l', 'L'), quantity: 3 }, line('t', 1)]);
    const keyed = (result: readonly CartItem[]) => result.map((item) => [lineKey(item), item.quantity]);
    expect(keyed(increaseQuantity(items, 't/l'))).toEqual([
      ['t/m', 2],
      ['t/l', 4],
      ['t', 1],
    ]);
    expect(keyed(decreaseQuantity(items, 't/m'))).toEqual([
      ['t/m', 1],
      ['t/l', 3],
      ['t', 1],
    ]);
    expect(keyed(setQuantity(items, 't', 5))).toEqual([
      ['t/m', 2],
      ['t/l', 3],
      ['t', 5],
    ]);
    expect(keyed(removeFromCart(items, 't/m'))).toEqual([
      ['t/l', 3],
      ['t', 1],
    ]);
  });

  it('keeps in a line what the cart keeps, not the options, variants and stock of the product page', () => {
    const page = { ...product('t', 12.5), prodStock: 4, prodOptions: [{ name: 'Beden', values: ['M'] }], prodVariants: [] };
    expect(addToCart([], { ...page, variantId: 'm', variantLabel: 'M' })).toEqual([
      { _id: 't', prodName: 'Product t', images: [], prodPrice: 12.5, variantId: 'm', variantLabel: 'M', quantity: 1 },
    ]);
  });

  it('merges stored lines of the same product and variant, first fields kept, in the order keys first appear', () => {
    const stored = frozen([
      { ...shirt('m', 'M'), quantity: 1 },
      line('x', 2),
      { ...shirt('l', 'L'), quantity: 1 },
      { ...shirt('m', 'M (old)'), quantity: 3 },
      line('x', 1),
    ]);
    expect(mergeLines(stored).map((item) => [lineKey(item), item.quantity, item.variantLabel])).toEqual([
      ['t/m', 4, 'M'],
      ['x', 3, undefined],
      ['t/l', 1, 'L'],
    ]);
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
/** A product and, for some, one of its variants (D25): what a cart line is keyed by. */
const refs = fc.record({ id: ids, variantId: fc.constantFrom(undefined, 'm', 'l') });
type Ref = { id: string; variantId: string | undefined };
const keyOf = (ref: Ref) => lineKey({ _id: ref.id, variantId: ref.variantId });
const productOf = (ref: Ref, prodPrice?: number) =>
  ref.variantId === undefined ? product(ref.id, prodPrice) : { ...product(ref.id, prodPrice), variantId: ref.variantId };
const priceInCents = fc.option(fc.integer({ min: 0, max: 10_000_000 }), { nil: undefined });

type Op =
  | { kind: 'add'; ref: Ref; cents: number | undefined; qty: number }
  | { kind: 'remove'; ref: Ref }
  | { kind: 'set'; ref: Ref; qty: number }
  | { kind: 'inc'; ref: Ref }
  | { kind: 'dec'; ref: Ref };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), ref: refs, cents: priceInCents, qty: fc.double({ min: -10, max: 50 }) }),
  fc.record({ kind: fc.constant('remove' as const), ref: refs }),
  fc.record({ kind: fc.constant('set' as const), ref: refs, qty: fc.double() }),
  fc.record({ kind: fc.constant('inc' as const), ref: refs }),
  fc.record({ kind: fc.constant('dec' as const), ref: refs }),
);

function apply(items: readonly CartItem[], o: Op): CartItem[] {
  switch (o.kind) {
    case 'add':
      return addToCart(items, productOf(o.ref, o.cents === undefined ? undefined : o.cents / 100), o.qty);
    case 'remove':
      return removeFromCart(items, keyOf(o.ref));
    case 'set':
      return setQuantity(items, keyOf(o.ref), o.qty);
    case 'inc':
      return increaseQuantity(items, keyOf(o.ref));
    case 'dec':
      return decreaseQuantity(items, keyOf(o.ref));
  }
}

describe('cart invariants', () => {
  it('after any sequence of operations every quantity is an integer >= 1 and line keys are unique', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const items = ops.reduce(apply, [] as CartItem[]);
        for (const item of items) {
          expect(Number.isInteger(item.quantity)).toBe(true);
          expect(item.quantity).toBeGreaterThanOrEqual(1);
        }
        expect(new Set(items.map(lineKey)).size).toBe(items.length);
        expect(mergeLines(items)).toEqual(items);
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
      fc.property(fc.array(op, { maxLength: 20 }), refs, fc.integer({ min: 1, max: 100 }), (ops, ref, n) => {
        const before = ops.reduce(apply, [] as CartItem[]);
        const after = addToCart(before, productOf(ref), n);
        expect(cartTotals(after).totalQuantity).toBe(cartTotals(before).totalQuantity + n);
      }),
    );
  });

  it('increase then decrease returns the same quantities', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 20 }), refs, (ops, ref) => {
        const before = ops.reduce(apply, [] as CartItem[]);
        expect(decreaseQuantity(increaseQuantity(before, keyOf(ref)), keyOf(ref))).toEqual(before);
      }),
    );
  });
});

describe('merging stored lines', () => {
  it('keeps the total quantity and leaves one line per key', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ ref: refs, quantity: fc.integer({ min: 1, max: 20 }) }), { maxLength: 30 }), (stored) => {
        const items = stored.map(({ ref, quantity }) => ({ ...productOf(ref), quantity }));
        const merged = mergeLines(frozen(items));
        expect(cartTotals(merged).totalQuantity).toBe(cartTotals(items).totalQuantity);
        expect(merged.map(lineKey)).toEqual([...new Set(items.map(lineKey))]);
      }),
    );
  });
});
