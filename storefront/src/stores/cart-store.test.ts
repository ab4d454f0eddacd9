import fc from 'fast-check';
import { autorun, isObservable } from 'mobx';
import { describe, expect, it, vi } from 'vitest';
import { MemoryCartStorage } from '../adapters/fake/memory-storage';
import type { CartItem } from '@shop/core/domain/cart-item';
import type { Product } from '@shop/core/domain/product';
import { CartStore } from './cart-store';

function product(id: string, prodPrice?: number): Product {
  return { _id: id, prodName: `Product ${id}`, images: [], prodPrice };
}

const quantities = (items: readonly CartItem[]) => items.map((item) => [item._id, item.quantity]);

describe('CartStore', () => {
  it('loads the stored cart once at construction', () => {
    const storage = new MemoryCartStorage([{ ...product('a', 5), quantity: 2 }]);
    const store = new CartStore(storage);
    expect(storage.loadCount).toBe(1);
    expect(quantities(store.items)).toEqual([['a', 2]]);
    expect(store.totalQuantity).toBe(2);
    expect(store.isEmpty).toBe(false);
    expect(storage.saveCount).toBe(0);
  });

  it('hands storage plain data, never a MobX observable', () => {
    const storage = new MemoryCartStorage();
    const save = vi.spyOn(storage, 'save');
    const store = new CartStore(storage);
    store.add(product('a', 1));
    store.increase('a');
    store.remove('a');
    expect(save.mock.calls.map(([items]) => isObservable(items))).toEqual([false, false, false]);
  });

  it('starts empty when storage has nothing', () => {
    const store = new CartStore(new MemoryCartStorage());
    expect(store.isEmpty).toBe(true);
    expect(store.totalQuantity).toBe(0);
    expect(store.summary).toMatchObject({ productTotal: 0, itemCount: 0, total: 0 });
  });

  it.each([
    {
      name: 'add a new product',
      act: (s: CartStore) => s.add(product('c', 1)),
      expected: [
        ['a', 2],
        ['b', 1],
        ['c', 1],
      ],
    },
    {
      name: 'add an existing product',
      act: (s: CartStore) => s.add(product('a', 1)),
      expected: [
        ['a', 3],
        ['b', 1],
      ],
    },
    {
      name: 'add with a quantity',
      act: (s: CartStore) => s.add(product('b', 1), 4),
      expected: [
        ['a', 2],
        ['b', 5],
      ],
    },
    { name: 'remove', act: (s: CartStore) => s.remove('a'), expected: [['b', 1]] },
    {
      name: 'set quantity',
      act: (s: CartStore) => s.setQuantity('b', 6),
      expected: [
        ['a', 2],
        ['b', 6],
      ],
    },
    {
      name: 'set quantity never below 1',
      act: (s: CartStore) => s.setQuantity('a', 0),
      expected: [
        ['a', 1],
        ['b', 1],
      ],
    },
    {
      name: 'increase',
      act: (s: CartStore) => s.increase('b'),
      expected: [
        ['a', 2],
        ['b', 2],
      ],
    },
    {
      name: 'decrease',
      act: (s: CartStore) => s.decrease('a'),
      expected: [
        ['a', 1],
        ['b', 1],
      ],
    },
    {
      name: 'decrease stops at 1',
      act: (s: CartStore) => s.decrease('b'),
      expected: [
        ['a', 2],
        ['b', 1],
      ],
    },
    { name: 'clear', act: (s: CartStore) => s.clear(), expected: [] },
  ])('$name changes the cart and saves it', ({ act, expected }) => {
    const storage = new MemoryCartStorage([
      { ...product('a', 10), quantity: 2 },
      { ...product('b', 3), quantity: 1 },
    ]);
    const store = new CartStore(storage);
    act(store);
    expect(quantities(store.items)).toEqual(expected);
    expect(storage.saveCount).toBe(1);
    expect(quantities(storage.load())).toEqual(expected);
  });

  it('keeps a line per product and variant (D25): the badge counts them all, each line changes alone', () => {
    const storage = new MemoryCartStorage();
    const store = new CartStore(storage);
    const shirt = (variantId: string, variantLabel: string) => ({ ...product('t', 12.5), variantId, variantLabel });
    store.add(shirt('m', 'M / Siyah'));
    store.add(shirt('l', 'L / Siyah'), 2);
    store.add(shirt('m', 'M / Siyah'));
    store.add(product('a', 1));
    expect(store.items.map((item) => [item.variantLabel ?? item._id, item.quantity])).toEqual([
      ['M / Siyah', 2],
      ['L / Siyah', 2],
      ['a', 1],
    ]);
    expect(store.totalQuantity).toBe(5);
    store.increase('t/l');
    store.decrease('t/m');
    store.remove('a');
    expect(store.items.map((item) => [item.variantId, item.quantity])).toEqual([
      ['m', 1],
      ['l', 3],
    ]);
    store.remove('t/m');
    expect(storage.load()).toEqual([{ ...shirt('l', 'L / Siyah'), quantity: 3 }]);
  });

  it('reads a stored cart with two lines of the same product and variant as one line', () => {
    const stored = [
      { ...product('t', 12.5), variantId: 'm', variantLabel: 'M', quantity: 1 },
      { ...product('a', 1), quantity: 1 },
      { ...product('t', 12.5), variantId: 'm', variantLabel: 'M', quantity: 2 },
      { ...product('t', 12.5), quantity: 1 },
    ];
    const store = new CartStore(new MemoryCartStorage(stored));
    expect(store.items.map((item) => [item._id, item.variantId, item.quantity])).toEqual([
      ['t', 'm', 3],
      ['a', undefined, 1],
      ['t', undefined, 1],
    ]);
    expect(store.totalQuantity).toBe(5);
  });

  it('clear tells whether there was anything to empty', () => {
    const store = new CartStore(new MemoryCartStorage([{ ...product('a'), quantity: 1 }]));
    expect(store.clear()).toBe(true);
    expect(store.clear()).toBe(false);
  });

  it('summary follows the shipping policy', () => {
    const store = new CartStore(new MemoryCartStorage());
    store.add(product('a', 50), 2);
    expect(store.summary).toEqual({
      productTotal: 100,
      itemCount: 2,
      shipping: 100,
      total: 200,
      freeShipping: false,
    });
    store.add(product('b', 20000));
    expect(store.summary.shipping).toBe(0);
    expect(store.summary.freeShipping).toBe(true);
  });

  it('observers see every change (views re-render)', () => {
    const store = new CartStore(new MemoryCartStorage());
    const seen: number[] = [];
    const stop = autorun(() => seen.push(store.totalQuantity));
    store.add(product('a'));
    store.increase('a');
    store.add(product('b'), 3);
    store.remove('a');
    store.clear();
    stop();
    expect(seen).toEqual([0, 1, 2, 5, 3, 0]);
  });

  it('actions work when passed around unbound (view callbacks)', () => {
    const store = new CartStore(new MemoryCartStorage());
    const { add, increase } = store;
    add(product('a'));
    increase('a');
    expect(quantities(store.items)).toEqual([['a', 2]]);
  });

  it('storage always holds what the store shows, after any sequence of actions', () => {
    const id = fc.constantFrom('a', 'b', 'c');
    const action = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), id, qty: fc.integer({ min: -2, max: 5 }) }),
      fc.record({ kind: fc.constant('remove' as const), id }),
      fc.record({ kind: fc.constant('set' as const), id, qty: fc.double() }),
      fc.record({ kind: fc.constant('increase' as const), id }),
      fc.record({ kind: fc.constant('decrease' as const), id }),
      fc.record({ kind: fc.constant('clear' as const) }),
    );
    fc.assert(
      fc.property(fc.array(action, { maxLength: 25 }), (actions) => {
        const storage = new MemoryCartStorage();
        const store = new CartStore(storage);
        for (const a of actions) {
          if (a.kind === 'add') store.add(product(a.id, 1), a.qty);
          else if (a.kind === 'remove') store.remove(a.id);
          else if (a.kind === 'set') store.setQuantity(a.id, a.qty);
          else if (a.kind === 'increase') store.increase(a.id);
          else if (a.kind === 'decrease') store.decrease(a.id);
          else store.clear();
          expect(storage.load()).toEqual(store.items);
          for (const item of store.items) expect(item.quantity).toBeGreaterThanOrEqual(1);
        }
        expect(storage.saveCount).toBe(actions.length);
        expect(new CartStore(storage).items).toEqual(store.items);
      }),
    );
  });
});
