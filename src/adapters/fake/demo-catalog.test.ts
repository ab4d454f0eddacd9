import { describe, expect, it } from 'vitest';
import { FREE_SHIPPING_ABOVE } from '../../domain/money-format';
import type { Collection } from '../../domain/product';
import { demoCategories, demoProducts } from './demo-catalog';

const collections: Collection[] = ['new', 'popular', 'unusual', 'discounted'];

function depth(categoryId: number): number {
  const category = demoCategories.find((c) => c.categoryId === categoryId);
  if (!category) throw new Error(`unknown category ${categoryId}`);
  return category.parentCategoryId === null ? 1 : 1 + depth(category.parentCategoryId);
}

describe('demo catalogue', () => {
  it('has a category tree at least three levels deep whose parents all exist', () => {
    const ids = new Set(demoCategories.map((c) => c.categoryId));
    expect(ids.size).toBe(demoCategories.length);
    for (const category of demoCategories) {
      if (category.parentCategoryId !== null) expect(ids.has(category.parentCategoryId)).toBe(true);
    }
    expect(Math.max(...demoCategories.map((c) => depth(c.categoryId)))).toBeGreaterThanOrEqual(3);
  });

  it('puts every product in a leaf category', () => {
    const parents = new Set(demoCategories.map((c) => c.parentCategoryId));
    for (const product of demoProducts) {
      expect(demoCategories.some((c) => c.categoryId === product.categoryId)).toBe(true);
      expect(parents.has(product.categoryId)).toBe(false);
    }
  });

  it.each(collections)('tags at least six products for the %s carousel', (collection) => {
    expect(demoProducts.filter((p) => p.collections.includes(collection)).length).toBeGreaterThanOrEqual(6);
  });

  it('gives products unique 24-character hex ids and 2-3 sized SVG images each', () => {
    expect(new Set(demoProducts.map((p) => p._id)).size).toBe(demoProducts.length);
    for (const product of demoProducts) {
      expect(product._id).toMatch(/^[0-9a-f]{24}$/);
      expect(product.images.length).toBeGreaterThanOrEqual(2);
      expect(product.images.length).toBeLessThanOrEqual(3);
      for (const image of product.images) {
        expect(image.startsWith('data:image/svg+xml')).toBe(true);
        const svg = decodeURIComponent(image.slice(image.indexOf(',') + 1));
        expect(svg).toMatch(/<svg[^>]* width="\d+" height="\d+"/);
        expect(svg).toContain(product.prodName.replace(/&/g, '&amp;'));
      }
    }
  });

  it('covers the price cases the screens show', () => {
    const priced = demoProducts.filter((p) => p.prodPrice !== undefined);
    expect(demoProducts.length - priced.length).toBe(1);
    expect(priced.filter((p) => (p.prodPrice ?? 0) > FREE_SHIPPING_ABOVE).length).toBeGreaterThanOrEqual(3);
    expect(priced.filter((p) => (p.prodPrice ?? Infinity) < 100).length).toBeGreaterThanOrEqual(3);
    expect(demoProducts.some((p) => p.prodDescription === undefined)).toBe(true);
    expect(demoProducts.some((p) => p.prodDescription !== undefined)).toBe(true);
  });
});
