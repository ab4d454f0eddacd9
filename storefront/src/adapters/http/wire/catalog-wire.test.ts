import { describe, expect, it } from 'vitest';
import { toProduct, wireProductSchema } from './catalog-wire';

const BASE = 'https://api.example';

function decode(wire: Record<string, unknown>) {
  return toProduct(wireProductSchema.parse({ _id: 'p1', prodName: 'Basic Tişört', ...wire }), BASE);
}

describe('toProduct: stock, options and variants (D25)', () => {
  it('reads a product with variants as GET /api/product/{id} answers it', () => {
    const product = decode({
      prodPrice: 12.5,
      prodImg1: '/images/products/p1-1.webp',
      prodImg2: '/images/products/p1-2.webp',
      prodStock: 7,
      prodOptions: [
        { name: 'Beden', values: ['S', 'M'] },
        { name: 'Renk', values: ['Siyah', 'Beyaz'] },
      ],
      prodVariants: [
        { _id: 'a'.repeat(24), options: ['M', 'Siyah'], label: 'M / Siyah', price: 13.5, stock: 0, images: ['/images/products/p1-2.webp'] },
        { _id: 'b'.repeat(24), options: ['S', 'Beyaz'], label: 'S / Beyaz', stock: 7 },
      ],
    });
    expect(product).toEqual({
      _id: 'p1',
      prodName: 'Basic Tişört',
      prodPrice: 12.5,
      images: [`${BASE}/images/products/p1-1.webp`, `${BASE}/images/products/p1-2.webp`],
      prodStock: 7,
      prodOptions: [
        { name: 'Beden', values: ['S', 'M'] },
        { name: 'Renk', values: ['Siyah', 'Beyaz'] },
      ],
      prodVariants: [
        {
          _id: 'a'.repeat(24),
          options: ['M', 'Siyah'],
          label: 'M / Siyah',
          price: 13.5,
          stock: 0,
          images: [`${BASE}/images/products/p1-2.webp`],
        },
        { _id: 'b'.repeat(24), options: ['S', 'Beyaz'], label: 'S / Beyaz', stock: 7 },
      ],
    });
  });

  it('reads a list item: stock and options, no variants', () => {
    const product = decode({ prodStock: 0, prodOptions: [{ name: 'Beden', values: ['38', '39'] }] });
    expect(product.prodStock).toBe(0);
    expect(product.prodOptions).toEqual([{ name: 'Beden', values: ['38', '39'] }]);
    expect(product).not.toHaveProperty('prodVariants');
  });

  it('leaves a product without them as SPEC has it: stock untracked, no options', () => {
    const product = decode({ prodPrice: 3 });
    expect(product).toEqual({ _id: 'p1', prodName: 'Basic Tişört', prodPrice: 3, images: [] });
  });

  it.each([
    ['a negative stock', { prodStock: -1 }],
    ['a fractional stock', { prodStock: 1.5 }],
    ['a stock as text', { prodStock: '3' }],
    ['a null stock', { prodStock: null }],
  ])('leaves out %s (untracked)', (_name, wire) => {
    expect(decode(wire)).not.toHaveProperty('prodStock');
  });

  it.each([
    ['options that are no list', { prodOptions: { Beden: ['S'] } }],
    ['an option without values', { prodOptions: [{ name: 'Beden', values: [] }] }],
    ['an option without a name', { prodOptions: [{ values: ['S'] }] }],
    ['an empty list', { prodOptions: [] }],
  ])('leaves out %s', (_name, wire) => {
    expect(decode(wire)).not.toHaveProperty('prodOptions');
  });

  it.each([
    ['variants that are no list', { prodVariants: 'none' }],
    ['a variant without stock', { prodVariants: [{ _id: 'v', options: ['S'], label: 'S' }] }],
    ['a variant with a negative stock', { prodVariants: [{ _id: 'v', options: ['S'], label: 'S', stock: -2 }] }],
    ['a variant without id', { prodVariants: [{ options: ['S'], label: 'S', stock: 1 }] }],
    ['a variant with a price as text', { prodVariants: [{ _id: 'v', options: ['S'], label: 'S', stock: 1, price: '9' }] }],
  ])('leaves out %s, keeping the rest of the product', (_name, wire) => {
    const product = decode({ prodPrice: 5, prodStock: 4, ...wire });
    expect(product).not.toHaveProperty('prodVariants');
    expect(product).toMatchObject({ prodPrice: 5, prodStock: 4 });
  });

  it('reads a null variant price or pictures as the product’s, and skips empty picture paths', () => {
    const [variant] = decode({
      prodVariants: [{ _id: 'v', options: ['S'], label: 'S', stock: 2, price: null, images: ['', 'https://cdn.example/v.webp'] }],
    }).prodVariants!;
    expect(variant).toEqual({ _id: 'v', options: ['S'], label: 'S', stock: 2, images: ['https://cdn.example/v.webp'] });
    const [plain] = decode({ prodVariants: [{ _id: 'v', options: ['S'], label: 'S', stock: 2, images: [''] }] }).prodVariants!;
    expect(plain).not.toHaveProperty('images');
  });
});
