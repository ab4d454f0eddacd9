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

  it('keeps the top-level categories and ids the shop has always linked to', () => {
    const topLevel = demoCategories.filter((c) => c.parentCategoryId === null);
    expect(topLevel.map((c) => [c.categoryId, c.name])).toEqual(
      expect.arrayContaining([
        [1, 'Elektronik'],
        [2, 'Ev & Yaşam'],
        [3, 'Moda'],
        [4, 'Spor & Outdoor'],
      ]),
    );
    // The digits follow the path: a child's id is its parent's id and one more digit.
    for (const category of demoCategories) {
      if (category.parentCategoryId === null) expect(String(category.categoryId)).toHaveLength(1);
      else expect(String(category.categoryId).slice(0, -1)).toBe(String(category.parentCategoryId));
    }
  });

  it('looks like a shop: about 200 products, several in every leaf category', () => {
    expect(demoProducts.length).toBeGreaterThanOrEqual(180);
    expect(demoProducts.length).toBeLessThanOrEqual(220);
    const parents = new Set(demoCategories.map((c) => c.parentCategoryId));
    for (const leaf of demoCategories.filter((c) => !parents.has(c.categoryId))) {
      expect(demoProducts.filter((p) => p.categoryId === leaf.categoryId).length, leaf.name).toBeGreaterThanOrEqual(3);
    }
    expect(new Set(demoProducts.map((p) => p.name)).size).toBe(demoProducts.length);
  });

  it('describes products each in their own words', () => {
    const descriptions = demoProducts.flatMap((p) => (p.description === null ? [] : [p.description]));
    expect(new Set(descriptions).size).toBe(descriptions.length);
    for (const description of descriptions) expect(description).toMatch(/^\S.{10,200}[.!]$/);
  });

  it('prices products in whole liras or kuruş, within what a shop sells', () => {
    for (const product of demoProducts) {
      if (product.price === null) continue;
      expect(product.price, product.slug).toBeGreaterThan(0);
      expect(product.price, product.slug).toBeLessThan(100_000);
      expect(Math.round(product.price * 100), product.slug).toBeCloseTo(product.price * 100, 6);
    }
  });

  it('shows every product by an icon: its own and its category’s', () => {
    for (const entry of [...demoCategories, ...demoProducts]) expect(entry.icon, JSON.stringify(entry)).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    // Pictures tell products apart: many different icons, not one per category.
    expect(new Set(demoProducts.map((p) => p.icon)).size).toBeGreaterThanOrEqual(100);
  });

  it.each(collections)('tags 8 to 16 products for the %s carousel (D3), from several top-level categories', (collection) => {
    const members = demoProducts.filter((p) => p.collections.includes(collection));
    expect(members.length).toBeGreaterThanOrEqual(8);
    // The home page downloads each carousel's whole selection: it stays small as the catalogue grows.
    expect(members.length).toBeLessThanOrEqual(16);
    expect(new Set(members.map((p) => String(p.categoryId)[0])).size).toBeGreaterThanOrEqual(5);
  });

  it('has priced, unpriced, expensive and cheap products, and some without description', () => {
    expect(demoProducts.filter((p) => p.price === null)).toHaveLength(1);
    expect(demoProducts.filter((p) => (p.price ?? 0) > 20000).length).toBeGreaterThanOrEqual(3);
    expect(demoProducts.filter((p) => p.price !== null && p.price < 1000).length).toBeGreaterThanOrEqual(10);
    expect(demoProducts.some((p) => p.description === null)).toBe(true);
    expect(demoProducts.some((p) => p.description !== null)).toBe(true);
  });
});
