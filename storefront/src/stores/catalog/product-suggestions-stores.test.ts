import { describe, expect, it, vi } from 'vitest';
import { MemoryRecentlyViewedStorage } from '../../adapters/fake/memory-storage';
import { FakeCatalogGateway } from '../../adapters/fake/fake-catalog-gateway';
import { demoCategories, demoProducts } from '../../adapters/fake/demo-catalog';
import type { Outcome } from '@shop/core/domain/outcome';
import type { Product } from '@shop/core/domain/product';
import { RECENTLY_VIEWED_MAX } from '@shop/core/domain/recently-viewed';
import { RELATED_MAX, relatedProductIds } from '@shop/core/domain/related-products';
import type { CatalogGateway } from '@shop/core/ports/catalog-gateway';
import { RecentlyViewedStore } from './recently-viewed-store';
import { RelatedProductsStore } from './related-products-store';

const product = (id: string, price?: number): Product => ({
  _id: id,
  prodName: `Ürün ${id}`,
  images: [`https://shop/${id}-1.webp`, `https://shop/${id}-2.webp`],
  ...(price === undefined ? {} : { prodPrice: price }),
});

describe('relatedProductIds (the rule the fakes answer with)', () => {
  const categories = [
    { categoryId: 1, categoryName: 'Root', parentCategoryId: null },
    { categoryId: 11, categoryName: 'A', parentCategoryId: 1 },
    { categoryId: 12, categoryName: 'B', parentCategoryId: 1 },
    { categoryId: 13, categoryName: 'C', parentCategoryId: 1 },
  ];
  const listed = [
    { id: 'a1', categoryIds: [11] },
    { id: 'b1', categoryIds: [12] },
    { id: 'a2', categoryIds: [11] },
    { id: 'c1', categoryIds: [13] },
    { id: 'b2', categoryIds: [12, 11] },
    { id: 'x', categoryIds: [] },
  ];

  it('lists its categories’ products first, then its parent’s other children, in listing order, never itself', () => {
    expect(relatedProductIds(listed, categories, 'a1')).toEqual(['a2', 'b2', 'b1', 'c1']);
    expect(relatedProductIds(listed, categories, 'b2')).toEqual(['a1', 'b1', 'a2', 'c1']);
  });

  it('answers nothing related for a product in no category, and undefined for an unknown one', () => {
    expect(relatedProductIds(listed, categories, 'x')).toEqual([]);
    expect(relatedProductIds(listed, categories, 'nope')).toBeUndefined();
  });

  it('answers at most RELATED_MAX', () => {
    const many = Array.from({ length: 20 }, (_, index) => ({ id: `p${String(index).padStart(2, '0')}`, categoryIds: [11] }));
    expect(relatedProductIds(many, categories, 'p00')).toEqual(many.slice(1, RELATED_MAX + 1).map((entry) => entry.id));
  });
});

describe('RelatedProductsStore', () => {
  it('loads the fake catalogue’s related products of a demo product by the shop’s rule', async () => {
    const store = new RelatedProductsStore(new FakeCatalogGateway());
    const id = demoProducts[0]!._id;
    expect(store.related).toEqual({ status: 'loading' });
    await store.open(id);
    const listed = demoProducts.map((each) => ({ id: each._id, categoryIds: [each.categoryId] }));
    expect(store.related.status === 'loaded' && store.related.data.map((each) => each._id)).toEqual(
      relatedProductIds(listed, demoCategories, id),
    );
  });

  it('shares one request between the load before a render and the page’s own, and asks again after an error', async () => {
    let answer: Outcome<Product[]> = { ok: false, kind: 'unavailable' };
    const getRelated = vi.fn(async () => answer);
    const store = new RelatedProductsStore({ getRelated } as unknown as CatalogGateway);
    await Promise.all([store.open('p1'), store.open('p1')]);
    expect(getRelated).toHaveBeenCalledTimes(1);
    expect(store.related.status).toBe('error');
    answer = { ok: true, data: [product('p2')] };
    await store.open('p1');
    await store.open('p1');
    expect(getRelated).toHaveBeenCalledTimes(2);
    expect(store.related).toEqual({ status: 'loaded', data: [product('p2')] });
  });

  it('shows the answer of the product opened last only', async () => {
    const answers: Record<string, (value: Outcome<Product[]>) => void> = {};
    const getRelated = (id: string) => new Promise<Outcome<Product[]>>((resolve) => (answers[id] = resolve));
    const store = new RelatedProductsStore({ getRelated } as unknown as CatalogGateway);
    const first = store.open('p1');
    const second = store.open('p2');
    answers.p2!({ ok: true, data: [product('p3')] });
    answers.p1!({ ok: true, data: [product('p4')] });
    await Promise.all([first, second]);
    expect(store.related).toEqual({ status: 'loaded', data: [product('p3')] });
  });
});

describe('RecentlyViewedStore', () => {
  it('records a product’s id, name, price and first picture, newest first, once each, and keeps them in the browser’s storage', () => {
    const storage = new MemoryRecentlyViewedStorage();
    const store = new RecentlyViewedStore(storage);
    store.record(product('p1', 10));
    store.record(product('p2'));
    store.record(product('p1', 10));
    expect(storage.load()).toEqual([
      { id: 'p1', name: 'Ürün p1', price: 10, image: 'https://shop/p1-1.webp' },
      { id: 'p2', name: 'Ürün p2', image: 'https://shop/p2-1.webp' },
    ]);
    expect(new RecentlyViewedStore(storage).list).toEqual(storage.load());
  });

  it(`keeps at most ${RECENTLY_VIEWED_MAX}, dropping the oldest`, () => {
    const storage = new MemoryRecentlyViewedStorage();
    const store = new RecentlyViewedStore(storage);
    for (let index = 0; index < RECENTLY_VIEWED_MAX + 3; index += 1) store.record(product(`p${index}`));
    expect(store.list).toHaveLength(RECENTLY_VIEWED_MAX);
    expect(store.list[0]?.id).toBe(`p${RECENTLY_VIEWED_MAX + 2}`);
    expect(store.list.at(-1)?.id).toBe('p3');
  });

  it('shows the others as cards (their first picture only), without the product on the page', () => {
    const store = new RecentlyViewedStore(new MemoryRecentlyViewedStorage());
    store.record(product('p1', 10));
    store.record(product('p2'));
    expect(store.shownBesides('p2')).toEqual([{ _id: 'p1', prodName: 'Ürün p1', prodPrice: 10, images: ['https://shop/p1-1.webp'] }]);
    expect(store.shownBesides('p3').map((shown) => shown._id)).toEqual(['p2', 'p1']);
  });

  it('keeps what another tab recorded meanwhile', () => {
    const storage = new MemoryRecentlyViewedStorage();
    const store = new RecentlyViewedStore(storage);
    new RecentlyViewedStore(storage).record(product('other'));
    store.record(product('p1'));
    expect(store.list.map((entry) => entry.id)).toEqual(['p1', 'other']);
  });
});
