import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CartItem } from '../../domain/cart-item';
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

  it('saves under cartItems as JSON and loads it back', () => {
    const storage = new LocalCartStorage(localStorage);
    storage.save(items);
    expect(JSON.parse(localStorage.getItem('cartItems') ?? 'null')).toEqual(items);
    expect(new LocalCartStorage(localStorage).load()).toEqual(items);
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
