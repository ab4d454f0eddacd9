import { describe, expect, it } from 'vitest';
import type { Collection } from '../domain/product';
import { demoCategories, demoProducts, demoVariantsOf } from './demo-catalog';
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

  it('sells clothes and shoes as variants: one value of every option each, no combination twice (D25)', () => {
    const withVariants = demoProducts.filter((p) => p.variants !== undefined);
    expect(withVariants.length).toBeGreaterThanOrEqual(6);
    for (const product of withVariants) {
      const options = product.options ?? [];
      expect(options.length, product.slug).toBeGreaterThanOrEqual(1);
      expect(new Set(options.map((o) => o.name)).size, product.slug).toBe(options.length);
      for (const option of options) expect(new Set(option.values).size, product.slug).toBe(option.values.length);
      expect(product.stock, product.slug).toBeUndefined();
      const variants = demoVariantsOf(product);
      expect(variants.length, product.slug).toBeGreaterThan(0);
      expect(new Set(variants.map((v) => v.label)).size, product.slug).toBe(variants.length);
      for (const variant of variants) {
        expect(
          variant.options.map((value, index) => options[index]?.values.includes(value)),
          variant.label,
        ).toEqual(options.map(() => true));
        expect(Number.isInteger(variant.stock) && variant.stock >= 0, variant.label).toBe(true);
        for (const position of variant.images ?? []) expect(position >= 1 && position <= product.imageCount, variant.label).toBe(true);
        expect(variant.id).toMatch(/^[0-9a-f]{24}$/);
      }
    }
    expect(demoProducts.filter((p) => p.options !== undefined)).toHaveLength(withVariants.length);
    expect(new Set(withVariants.map((p) => p.categoryId))).toEqual(new Set([311, 312, 322, 323]));
  });

  it('shows every stock level the shop tells apart: sold out, a few left, plenty; priced and pictured variants', () => {
    const variants = demoProducts.flatMap(demoVariantsOf);
    expect(variants.some((v) => v.stock === 0)).toBe(true);
    expect(variants.some((v) => v.stock >= 1 && v.stock <= 3)).toBe(true);
    expect(variants.some((v) => v.stock > 3)).toBe(true);
    expect(variants.filter((v) => v.price !== undefined).length).toBeGreaterThanOrEqual(1);
    expect(variants.some((v) => v.images !== undefined)).toBe(true);
    expect(new Set(variants.map((v) => v.id)).size).toBe(variants.length);
    // Products without variants: most untracked (SPEC's), a few tracked, one sold out and one nearly.
    const tracked = demoProducts.filter((p) => p.variants === undefined && p.stock !== undefined);
    expect(tracked.length).toBeGreaterThanOrEqual(3);
    expect(tracked.length).toBeLessThan(demoProducts.length / 10);
    expect(tracked.map((p) => p.stock)).toEqual(expect.arrayContaining([0, 2]));
    for (const product of tracked) expect(Number.isInteger(product.stock) && product.stock! >= 0, product.slug).toBe(true);
  });
});
