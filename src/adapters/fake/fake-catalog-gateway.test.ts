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

  it('gets one product by id and answers 404 for an unknown id', async () => {
    const first = demoProducts[0];
    if (!first) throw new Error('no demo products');
    const found = data(await gateway.getProduct(first._id));
    expect(found.prodName).toBe(first.prodName);
    const missing = await gateway.getProduct('ffffffffffffffffffffffff');
    expect(missing).toEqual({ ok: false, kind: 'rejected', message: 'Product not found' });
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
