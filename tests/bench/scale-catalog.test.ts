import { describe, expect, it } from 'vitest';
import { demoCategories } from '@shop/core/demo/demo-catalog';
import { scaleCatalog } from './scale-catalog';

describe('scaleCatalog', () => {
  it('names no category twice, nor like one of the demo shop’s it sits beside (one tree on the shop)', () => {
    const { categories } = scaleCatalog({ products: 10 });
    const names = [...demoCategories.map((category) => category.name), ...categories.map((category) => category.name)];
    expect(categories).toHaveLength(2_000);
    expect(new Set(names).size).toBe(names.length);
  });

  it('sells a fifth of the products in sizes (half of them in colours too), each combination a variant with its stock (D25)', () => {
    const { products } = scaleCatalog({ products: 2_000, categories: 50 });
    const sold = products.filter((product) => product.variants !== undefined);
    expect(sold.length / products.length).toBeGreaterThan(0.15);
    expect(sold.length / products.length).toBeLessThan(0.25);
    const coloured = sold.filter((product) => product.options?.length === 2);
    expect(coloured.length / sold.length).toBeGreaterThan(0.35);
    expect(coloured.length / sold.length).toBeLessThan(0.65);
    const ids = new Set<string>();
    for (const product of sold) {
      const options = product.options!;
      expect(product.variants).toHaveLength(options.reduce((count, option) => count * option.values.length, 1));
      expect(new Set(product.variants!.map((variant) => variant.optionValues.join('/'))).size).toBe(product.variants!.length);
      for (const variant of product.variants!) {
        expect(variant.id).toMatch(/^[0-9a-f]{24}$/);
        ids.add(variant.id);
        expect(variant.optionValues.map((value, index) => options[index]!.values.includes(value))).toEqual(options.map(() => true));
        expect(Number.isInteger(variant.stock) && variant.stock >= 0).toBe(true);
      }
      expect(product.stock).toBeUndefined();
    }
    const variants = sold.flatMap((product) => product.variants!);
    expect(ids.size).toBe(variants.length);
    expect(variants.some((variant) => variant.stock === 0)).toBe(true);
    expect(variants.some((variant) => typeof variant.price === 'number')).toBe(true);
    // Of the rest, some track their stock (some of it sold out), most do not.
    const tracked = products.filter((product) => product.variants === undefined && product.stock !== undefined);
    expect(tracked.length / products.length).toBeGreaterThan(0.05);
    expect(tracked.some((product) => product.stock === 0)).toBe(true);
  });

  it('keeps every field but stock, options and variants as it was before them: the benches’ numbers stay comparable', () => {
    // Recorded before D25: its own generator gives stock, options and variants, so nothing else moves.
    const { stock: _stock, options: _options, variants: _variants, ...fourth } = scaleCatalog({ products: 4, categories: 50 }).products[3]!;
    expect(fourth).toEqual({
      id: 'b00000000000000000000003',
      name: 'Çok Amaçlı Bakır Termos Max',
      description: 'Yazlık bordo termos: kaymaz taban, çizilmeye dayanıklı.',
      price: 43685,
      categoryIds: [100025],
      collections: [],
      imageCount: 2,
      createdAt: 1718727612560,
    });
  });
});
