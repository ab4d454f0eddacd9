import { describe, expect, it } from 'vitest';
import { demoProducts } from './demo-catalog';
import { FakeCatalogGateway, emptyCatalogGateway, failingCatalogGateway, pendingCatalogGateway } from './fake-catalog-gateway';
import { FakeClock } from './fake-clock';
import { clockDelay } from './fake-delay';

function data<T>(result: { ok: boolean; data?: T }): T {
  if (!result.ok || result.data === undefined) throw new Error('expected ok');
  return result.data;
}

describe('FakeCatalogGateway', () => {
  const gateway = new FakeCatalogGateway();

  it('lists the whole catalogue for an empty query, without the fake filter fields', async () => {
    const products = data(await gateway.listProducts({}));
    expect(products).toHaveLength(demoProducts.length);
    expect(products[0]).not.toHaveProperty('categoryId');
    expect(products[0]).not.toHaveProperty('collections');
  });

  it('answers stock and options on lists, and the variants only for one product (D25)', async () => {
    const listed = data(await gateway.listProducts({ allCategoryIds: [312] }));
    const tshirt = listed.find((p) => p.prodName === 'Basic Pamuklu Tişört')!;
    expect(tshirt.prodStock).toBeGreaterThan(0);
    expect(tshirt.prodOptions?.map((o) => o.name)).toEqual(['Beden', 'Renk']);
    expect(listed.every((p) => p.prodVariants === undefined)).toBe(true);
    const page = data(await gateway.listProductPage({ filter: { allCategoryIds: [312] }, limit: 24, offset: 0 }));
    expect(page.products.every((p) => p.prodVariants === undefined)).toBe(true);
    const one = data(await gateway.getProduct(tshirt._id));
    expect(one.prodVariants).toHaveLength(12);
    expect(one.prodVariants!.find((v) => v.label === 'S / Beyaz')).toMatchObject({ stock: 0, images: [one.images[1], one.images[0]] });
  });

  it('lists one home collection', async () => {
    const products = data(await gateway.listProducts({ collection: 'discounted' }));
    const expected = demoProducts.filter((p) => p.collections.includes('discounted')).map((p) => p._id);
    expect(products.map((p) => p._id)).toEqual(expected);
    expect(products.length).toBeLessThan(demoProducts.length);
  });

  it('lists the products of the given categories only', async () => {
    // Mutfak (21) with Pişirme Gereçleri (211) and Küçük Ev Aletleri (212): the client sends a
    // category with all its descendants.
    const products = data(await gateway.listProducts({ allCategoryIds: [21, 211, 212] }));
    const expected = demoProducts.filter((p) => p.categoryId === 211 || p.categoryId === 212).map((p) => p._id);
    expect(products.map((p) => p._id)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
    expect(data(await gateway.listProducts({ allCategoryIds: [999] }))).toEqual([]);
  });

  it('searches with Turkish casing and without diacritics, 24 a page, the total in X-Total-Count (D18)', async () => {
    // "celik" finds "Çelik Tencere Seti" and "Erkek Çelik Kronograf Saat"; "KULAKLIK" finds "Kulaklık".
    const steel = data(await gateway.listProductPage({ q: 'celik', limit: 24, offset: 0 }));
    expect(steel.products.map((p) => p.prodName)).toEqual(
      expect.arrayContaining(['Çelik Tencere Seti 7 Parça', 'Erkek Çelik Kronograf Saat']),
    );
    expect(steel.total).toBe(steel.products.length);
    const headphones = data(await gateway.listProductPage({ q: 'KULAKLIK', sort: 'price-asc', limit: 1, offset: 1 }));
    expect(headphones.total).toBeGreaterThanOrEqual(2);
    expect(headphones.products).toHaveLength(1);
    expect(headphones.products[0]).not.toHaveProperty('createdAt');
  });

  it('pages a category in the order asked for, and answers an empty page past the end with the total', async () => {
    const all = data(await gateway.listProductPage({ sort: 'price-desc', limit: 24, offset: 0 }));
    expect(all.total).toBe(demoProducts.length);
    expect(all.products).toHaveLength(Math.min(24, demoProducts.length));
    const prices = all.products.map((p) => p.prodPrice ?? -1);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const kitchen = data(await gateway.listProductPage({ filter: { allCategoryIds: [21, 211, 212] }, sort: 'name', limit: 2, offset: 2 }));
    const expected = demoProducts.filter((p) => p.categoryId === 211 || p.categoryId === 212).map((p) => p._id);
    expect(kitchen).toEqual({ products: expect.any(Array), total: expected.length });
    expect(kitchen.products.map((p) => p._id)).toEqual(expected.slice(2, 4));
    const pans = data(await gateway.listProductPage({ q: 'tava', limit: 24, offset: 0 }));
    expect(pans.total).toBeGreaterThan(0);
    expect(pans.products).toHaveLength(pans.total);
    expect(data(await gateway.listProductPage({ q: 'tava', limit: 24, offset: 96 }))).toEqual({ products: [], total: pans.total });
  });

  it.each([
    ['an unknown sort', { sort: 'cheapest' }],
    ['a blank search text', { q: '   ' }],
    ['a search text over 100 characters', { q: 'a'.repeat(101) }],
    ['a limit over 100', { limit: 101 }],
    ['a negative offset', { offset: -1 }],
  ])('refuses %s with 400 and a message, as the server does', async (_name, fields) => {
    const result = await gateway.listProductPage({ limit: 24, offset: 0, ...(fields as object) });
    expect(result).toMatchObject({ ok: false, kind: 'rejected', message: expect.any(String) });
  });

  it('gets one product by id and answers 404 for an unknown id', async () => {
    const first = demoProducts[0];
    if (!first) throw new Error('no demo products');
    const found = data(await gateway.getProduct(first._id));
    expect(found.prodName).toBe(first.prodName);
    const missing = await gateway.getProduct('ffffffffffffffffffffffff');
    expect(missing).toEqual({ ok: false, kind: 'rejected', message: 'Product not found', reason: 'not-found' });
  });

  it('hands out copies: a caller mutating an answer does not change the catalogue', async () => {
    const first = data(await gateway.listProducts({}))[0];
    if (!first) throw new Error('no products');
    first.prodName = 'changed';
    first.images.push('x');
    const again = data(await gateway.getProduct(first._id));
    expect(again.prodName).not.toBe('changed');
    expect(again.images).not.toContain('x');
  });

  it('lists the category tree', async () => {
    const categories = data(await gateway.listCategories());
    expect(categories.length).toBeGreaterThanOrEqual(15);
  });

  it('answers after the given delay on the clock', async () => {
    const clock = new FakeClock();
    const slow = new FakeCatalogGateway({ delay: clockDelay(clock, 500) });
    let settled = false;
    const pending = slow.listCategories().then((result) => {
      settled = true;
      return result;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    clock.advance(500);
    expect((await pending).ok).toBe(true);
  });
});

describe('catalogue variants', () => {
  it('pending: never answers', async () => {
    let settled = false;
    void pendingCatalogGateway()
      .listProducts({})
      .then(() => {
        settled = true;
      });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(false);
  });

  it('failing: every call is a 500 with the message', async () => {
    const failing = failingCatalogGateway('Service down');
    for (const result of [await failing.listProducts({}), await failing.getProduct('x'), await failing.listCategories()]) {
      expect(result).toEqual({ ok: false, kind: 'unavailable', message: 'Service down' });
    }
  });

  it('empty: no products and no categories', async () => {
    const empty = emptyCatalogGateway();
    expect(await empty.listProducts({})).toEqual({ ok: true, data: [] });
    expect(await empty.listCategories()).toEqual({ ok: true, data: [] });
  });
});
