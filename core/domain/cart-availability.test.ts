import { describe, expect, it } from 'vitest';
import { lineAvailability } from './cart-availability';
import type { Product, ProductVariant } from './product';

const variant = (id: string, stock: number): ProductVariant => ({ _id: id, options: [id.toUpperCase()], label: id.toUpperCase(), stock });

const simple = (prodStock?: number): Product => ({ _id: 'p', prodName: 'Cezve', images: [], prodStock });

const shirt: Product = {
  _id: 't',
  prodName: 'Tişört',
  images: [],
  prodStock: 5,
  prodOptions: [{ name: 'Beden', values: ['S', 'M', 'L'] }],
  prodVariants: [variant('s', 0), variant('m', 2), variant('l', 3)],
};

describe('lineAvailability (D25)', () => {
  it.each([
    { name: 'stock not tracked: always available', product: simple(), quantity: 50, expected: { kind: 'available' } },
    { name: 'as many left as asked for', product: simple(3), quantity: 3, expected: { kind: 'available' } },
    { name: 'fewer left than asked for', product: simple(2), quantity: 3, expected: { kind: 'low', left: 2 } },
    { name: 'none left', product: simple(0), quantity: 1, expected: { kind: 'sold-out' } },
    { name: 'the product is no longer sold', product: null, quantity: 1, expected: { kind: 'gone' } },
  ])('a product without variants: $name', ({ product, quantity, expected }) => {
    expect(lineAvailability({ quantity }, product)).toEqual(expected);
  });

  it.each([
    { name: 'enough of the variant', variantId: 'l', quantity: 3, expected: { kind: 'available' } },
    { name: 'fewer of the variant than asked for (the product has more)', variantId: 'm', quantity: 3, expected: { kind: 'low', left: 2 } },
    { name: 'the variant sold out', variantId: 's', quantity: 1, expected: { kind: 'sold-out' } },
    { name: 'the variant is no longer sold', variantId: 'xl', quantity: 1, expected: { kind: 'gone' } },
  ])('a variant line: $name', ({ variantId, quantity, expected }) => {
    expect(lineAvailability({ variantId, quantity }, shirt)).toEqual(expected);
  });

  it('a line without a variant of a product now sold as variants must be chosen again', () => {
    expect(lineAvailability({ quantity: 1 }, shirt)).toEqual({ kind: 'choose-variant' });
  });

  it('a variant line of a product that no longer has variants is gone', () => {
    expect(lineAvailability({ variantId: 'm', quantity: 1 }, simple(9))).toEqual({ kind: 'gone' });
  });
});
