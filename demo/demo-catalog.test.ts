import { describe, expect, it } from 'vitest';
import type { Collection } from '../src/domain/product';
import { demoCategories, demoProducts } from './demo-catalog';
import { productIdFromSlug } from './product-id';

const collections: Collection[] = ['new', 'popular', 'unusual', 'discounted'];

function depth(categoryId: number): number {
  const category = demoCategories.find((c) => c.categoryId === categoryId);
  if (!category) throw new Error(`unknown category ${categoryId}`);
  return category.parentCategoryId === null ? 1 : 1 + depth(category.parentCategoryId);
}

describe('the demo catalogue data', () => {
  it('has a category tree at least three levels deep, unique ids, every parent present', () => {
    const ids = new Set(demoCategories.map((c) => c.categoryId));
    expect(ids.size).toBe(demoCategories.length);
    for (const category of demoCategories) {
      expect(category.name.trim()).not.toBe('');
      if (category.parentCategoryId !== null) expect(ids.has(category.parentCategoryId)).toBe(true);
    }
    expect(Math.max(...demoCategories.map((c) => depth(c.categoryId)))).toBeGreaterThanOrEqual(3);
  });

  it('puts every product in a leaf category, with known collections and 2-3 pictures', () => {
    const parents = new Set(demoCategories.map((c) => c.parentCategoryId));
    for (const product of demoProducts) {
      expect(
        demoCategories.some((c) => c.categoryId === product.categoryId),
        product.slug,
      ).toBe(true);
      expect(parents.has(product.categoryId), product.slug).toBe(false);
      for (const collection of product.collections) expect(collections).toContain(collection);
      expect(Number.isInteger(product.imageCount) && product.imageCount >= 2 && product.imageCount <= 3).toBe(true);
    }
  });

  it('gives unique slugs and so unique 24-hex-digit ids', () => {
    expect(new Set(demoProducts.map((p) => p.slug)).size).toBe(demoProducts.length);
    const ids = demoProducts.map((p) => productIdFromSlug(p.slug));
    expect(new Set(ids).size).toBe(demoProducts.length);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{24}$/);
  });

  it.each(collections)('tags at least eight products for the %s carousel (D3)', (collection) => {
    expect(demoProducts.filter((p) => p.collections.includes(collection)).length).toBeGreaterThanOrEqual(8);
  });

  it('has priced, unpriced, expensive and cheap products, and some without description', () => {
    expect(demoProducts.filter((p) => p.price === null)).toHaveLength(1);
    expect(demoProducts.filter((p) => (p.price ?? 0) > 20000).length).toBeGreaterThanOrEqual(3);
    expect(demoProducts.filter((p) => p.price !== null && p.price < 1000).length).toBeGreaterThanOrEqual(10);
    expect(demoProducts.some((p) => p.description === null)).toBe(true);
    expect(demoProducts.some((p) => p.description !== null)).toBe(true);
  });
});
