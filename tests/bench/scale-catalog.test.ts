import { describe, expect, it } from 'vitest';
import { demoCategories } from '../../demo/demo-catalog';
import { scaleCatalog } from './scale-catalog';

describe('scaleCatalog', () => {
  it('names no category twice, nor like one of the demo shop’s it sits beside (one tree on the shop)', () => {
    const { categories } = scaleCatalog({ products: 10 });
    const names = [...demoCategories.map((category) => category.name), ...categories.map((category) => category.name)];
    expect(categories).toHaveLength(2_000);
    expect(new Set(names).size).toBe(names.length);
  });
});
