import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CartItem } from '@shop/core/domain/cart-item';
import { LocalCartStorage } from './local-cart-storage';
import { ThrowingStorage } from './throwing-storage';

const items: CartItem[] = [
  { _id: 'p0000000000000001', prodName: 'Kettle', prodPrice: 349.5, images: ['http://api/images/k.jpg'], quantity: 2 },
  { _id: 'p0000000000000002', prodName: 'Cup', prodDescription: 'Blue', images: [], quantity: 1 },
];

describe('LocalCartStorage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("saves under cartItems in SPEC's shape: the product as the API sends it plus quantity (D15)", () => {
    new LocalCartStorage(localStorage).save(items);
    expect(JSON.parse(localStorage.getItem('cartItems') ?? 'null')).toEqual([
      { _id: 'p0000000000000001', prodName: 'Kettle', prodPrice: 349.5, prodImg1: 'http://api/images/k.jpg', quantity: 2 },
      { _id: 'p0000000000000002', prodName: 'Cup', prodDescription: 'Blue', quantity: 1 },
    ]);
    expect(new LocalCartStorage(localStorage).load()).toEqual(items);
  });

  it("reads SPEC's shape: images in key order, server paths against the API host, nulls as absent", () => {
    const stored = [
      {
        _id: 'p0000000000000003',
        prodName: 'Çaydanlık',
        prodDescription: null,
        prodPrice: null,
        prodImg10: '/images/products/ten.jpg',
        prodImg2: 'https://cdn.example/two.jpg',
        prodImg1: '/images/products/one.jpg',
        quantity: 3,
      },
    ];
    localStorage.setItem('cartItems', JSON.stringify(stored));
    expect(new LocalCartStorage(localStorage, 'http://api.example:5000').load()).toEqual([
      {
        _id: 'p0000000000000003',
        prodName: 'Çaydanlık',
        images: [
          'http://api.example:5000/images/products/one.jpg',
          'https://cdn.example/two.jpg',
          'http://api.example:5000/images/products/ten.jpg',
        ],
        quantity: 3,
      },
    ]);
  });

  it('reads the shape the shop wrote before, with an images list', () => {
    localStorage.setItem('cartItems', JSON.stringify(items));
    expect(new LocalCartStorage(localStorage).load()).toEqual(items);
  });

  it('drops only the lines it cannot read, logging without their data', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const spec = { _id: 'p0000000000000004', prodName: 'Cezve', prodPrice: 120, prodImg1: 'http://api/c.jpg', quantity: 1 };
    const bad = { _id: 'p0000000000000005', prodName: 'Secret gift', prodPrice: 'ten', quantity: 1 };
    localStorage.setItem('cartItems', JSON.stringify([spec, bad, items[0], { ...items[1], quantity: 0 }, null]));
    expect(new LocalCartStorage(localStorage).load()).toEqual([
      { _id: 'p0000000000000004', prodName: 'Cezve', prodPrice: 120, images: ['http://api/c.jpg'], quantity: 1 },
      items[0],
    ]);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]?.join(' ')).toContain('3');
    expect(log.mock.calls.flat().join(' ')).not.toContain('Secret gift');
  });

  it('keeps the variant of a line (D25): saved after quantity, read back; two variants of a product are two lines', () => {
    const variants: CartItem[] = [
      {
        _id: 'p0000000000000006',
        prodName: 'Tişört',
        prodPrice: 13.5,
        images: [],
        quantity: 1,
        variantId: 'v1',
        variantLabel: 'M / Siyah',
      },
      {
        _id: 'p0000000000000006',
        prodName: 'Tişört',
        prodPrice: 12.5,
        images: [],
        quantity: 2,
        variantId: 'v2',
        variantLabel: 'L / Beyaz',
      },
    ];
    new LocalCartStorage(localStorage).save(variants);
    expect(JSON.parse(localStorage.getItem('cartItems') ?? 'null')).toEqual([
      { _id: 'p0000000000000006', prodName: 'Tişört', prodPrice: 13.5, quantity: 1, variantId: 'v1', variantLabel: 'M / Siyah' },
      { _id: 'p0000000000000006', prodName: 'Tişört', prodPrice: 12.5, quantity: 2, variantId: 'v2', variantLabel: 'L / Beyaz' },
    ]);
    expect(new LocalCartStorage(localStorage).load()).toEqual(variants);
  });

  it('reads a line with a variant in the earlier images shape, and leaves out what only a product page needs', () => {
    const stored = [
      { ...items[0], variantId: 'v1', variantLabel: 'S' },
      { _id: 'p0000000000000007', prodName: 'Şapka', prodStock: 3, prodOptions: [{ name: 'Renk', values: ['Mavi'] }], quantity: 1 },
    ];
    localStorage.setItem('cartItems', JSON.stringify(stored));
    expect(new LocalCartStorage(localStorage).load()).toEqual([
      { ...items[0], variantId: 'v1', variantLabel: 'S' },
      { _id: 'p0000000000000007', prodName: 'Şapka', images: [], quantity: 1 },
    ]);
  });

  it('drops a line whose variant fields are not text', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const spec = { _id: 'p0000000000000008', prodName: 'Atkı', quantity: 1 };
    localStorage.setItem(
      'cartItems',
      JSON.stringify([{ ...spec, variantId: 7 }, { ...spec, variantId: '' }, { ...spec, variantLabel: null }, spec]),
    );
    expect(new LocalCartStorage(localStorage).load()).toEqual([{ ...spec, images: [] }]);
  });

  it('uses window.localStorage by default', () => {
    new LocalCartStorage().save(items);
    expect(localStorage.getItem('cartItems')).not.toBeNull();
  });

  it('loads an empty cart when nothing is stored', () => {
    expect(new LocalCartStorage(localStorage).load()).toEqual([]);
  });

  it.each([
    ['unparsable JSON', '[{"_id":'],
    ['not a list', '{"_id":"p"}'],
    ['a quantity of 0', JSON.stringify([{ ...items[0], quantity: 0 }])],
    ['a fractional quantity', JSON.stringify([{ ...items[0], quantity: 1.5 }])],
    ['an item without id', JSON.stringify([{ prodName: 'x', images: [], quantity: 1 }])],
    ['a price as text', JSON.stringify([{ ...items[0], prodPrice: '10' }])],
  ])('loads an empty cart from %s and logs it without the data', (_name, raw) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    localStorage.setItem('cartItems', raw);
    expect(new LocalCartStorage(localStorage).load()).toEqual([]);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]?.join(' ')).not.toContain(raw);
  });

  it('only logs read and write failures', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const storage = new LocalCartStorage(new ThrowingStorage());
    expect(storage.load()).toEqual([]);
    expect(() => storage.save(items)).not.toThrow();
    expect(log).toHaveBeenCalledTimes(2);
    expect(log.mock.calls.flat().join(' ')).not.toContain('Kettle');
  });
});
