import { describe, expect, it, vi } from 'vitest';
import type { CartItem } from '@shop/core/domain/cart-item';
import type { Outcome } from '@shop/core/domain/outcome';
import type { Product } from '@shop/core/domain/product';
import type { ProductNotFound } from '@shop/core/ports/catalog-gateway';
import { CartAvailabilityStore } from './cart-availability-store';

const shirt: Product = {
  _id: 't',
  prodName: 'Tişört',
  images: [],
  prodOptions: [{ name: 'Beden', values: ['M', 'L'] }],
  prodVariants: [
    { _id: 'm', options: ['M'], label: 'M', stock: 0 },
    { _id: 'l', options: ['L'], label: 'L', stock: 2 },
  ],
};
const cup: Product = { _id: 'c', prodName: 'Cup', images: [] };

const line = (product: Product, quantity: number, variantId?: string): CartItem => ({
  _id: product._id,
  prodName: product.prodName,
  images: [],
  quantity,
  ...(variantId === undefined ? {} : { variantId }),
});

type Answer = Outcome<Product, ProductNotFound>;

function catalogAnswering(answers: Record<string, Answer>) {
  return { getProduct: vi.fn(async (id: string): Promise<Answer> => answers[id] ?? { ok: false, kind: 'unavailable' }) };
}

describe('CartAvailabilityStore (D25)', () => {
  it('asks once per product, however many of its variants are in the cart, and marks each line by its variant', async () => {
    const items = [line(shirt, 1, 'm'), line(shirt, 3, 'l'), line(cup, 1)];
    const catalog = catalogAnswering({ t: { ok: true, data: shirt }, c: { ok: true, data: cup } });
    const store = new CartAvailabilityStore(catalog, { items });
    expect(store.lineCheck(items[0]!)).toEqual({ status: 'checking' });
    await store.check();
    expect(catalog.getProduct.mock.calls.map(([id]) => id)).toEqual(['t', 'c']);
    expect(items.map((item) => store.lineCheck(item))).toEqual([
      { status: 'checked', availability: { kind: 'sold-out' } },
      { status: 'checked', availability: { kind: 'low', left: 2 } },
      { status: 'checked', availability: { kind: 'available' } },
    ]);
  });

  it('marks the line of a product the catalogue no longer has; says nothing when the catalogue cannot answer', async () => {
    const items = [line(cup, 1), line(shirt, 1, 'l')];
    const catalog = catalogAnswering({
      c: { ok: false, kind: 'rejected', message: 'Product not found', reason: 'not-found' },
      t: { ok: false, kind: 'rejected', message: 'Too many requests' },
    });
    const store = new CartAvailabilityStore(catalog, { items });
    await store.check();
    expect(store.lineCheck(items[0]!)).toEqual({ status: 'checked', availability: { kind: 'gone' } });
    expect(store.lineCheck(items[1]!)).toEqual({ status: 'unknown' });
  });

  it('follows the cart: a line whose quantity grew past the stock is marked without asking again', async () => {
    const cart = { items: [line(shirt, 2, 'l')] };
    const catalog = catalogAnswering({ t: { ok: true, data: shirt } });
    const store = new CartAvailabilityStore(catalog, cart);
    await store.check();
    expect(store.lineCheck(cart.items[0]!)).toEqual({ status: 'checked', availability: { kind: 'available' } });
    cart.items = [line(shirt, 3, 'l')];
    expect(store.lineCheck(cart.items[0]!)).toEqual({ status: 'checked', availability: { kind: 'low', left: 2 } });
    expect(catalog.getProduct).toHaveBeenCalledTimes(1);
  });

  it('keeps showing what it knew while it asks again, then the new answer', async () => {
    const items = [line(shirt, 1, 'l')];
    let answer: Answer = { ok: true, data: shirt };
    let release: () => void = () => undefined;
    const catalog = {
      getProduct: vi.fn(async () => {
        const now = answer;
        if (catalog.getProduct.mock.calls.length > 1) await new Promise<void>((resolve) => (release = resolve));
        return now;
      }),
    };
    const store = new CartAvailabilityStore(catalog, { items });
    await store.check();
    answer = { ok: true, data: { ...shirt, prodVariants: [{ _id: 'l', options: ['L'], label: 'L', stock: 0 }] } };
    const again = store.check();
    expect(store.lineCheck(items[0]!)).toEqual({ status: 'checked', availability: { kind: 'available' } });
    release();
    await again;
    expect(store.lineCheck(items[0]!)).toEqual({ status: 'checked', availability: { kind: 'sold-out' } });
  });
});
