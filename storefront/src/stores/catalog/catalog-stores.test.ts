import { describe, expect, it, vi } from 'vitest';
import type { Category } from '@shop/core/domain/category';
import type { Product } from '@shop/core/domain/product';
import type { Outcome } from '@shop/core/domain/outcome';
import type { CatalogGateway, ProductFacets, ProductPage } from '@shop/core/ports/catalog-gateway';
import { CategoryStore } from './category-store';
import { HomeCollectionsStore } from './home-collections-store';
import { ProductDetailStore } from './product-detail-store';
import { ProductListStore } from './product-list-store';
import { SearchStore } from './search-store';

const categories: Category[] = [
  { categoryId: 1, categoryName: 'Elektronik', parentCategoryId: null },
  { categoryId: 2, categoryName: 'Bilgisayar', parentCategoryId: 1 },
  { categoryId: 3, categoryName: 'Dizüstü', parentCategoryId: 2 },
  { categoryId: 4, categoryName: 'Moda', parentCategoryId: null },
];
const product: Product = { _id: 'p1', prodName: 'Laptop', images: ['a.png', 'b.png'], prodPrice: 10 };

function gateway(overrides: Partial<CatalogGateway> = {}): CatalogGateway {
  return {
    listProducts: vi.fn(async (): Promise<Outcome<Product[]>> => ({ ok: true, data: [product] })),
    listProductPage: vi.fn(async (): Promise<Outcome<ProductPage>> => ({ ok: true, data: { products: [product], total: 1 } })),
    getFacets: vi.fn(async (): Promise<Outcome<ProductFacets>> => ({ ok: true, data: { total: 1, price: null, inStock: 1, options: [] } })),
    getProduct: vi.fn(async (): Promise<Outcome<Product>> => ({ ok: true, data: product })),
    getRelated: vi.fn(async (): Promise<Outcome<Product[]>> => ({ ok: true, data: [] })),
    listCategories: vi.fn(async (): Promise<Outcome<Category[]>> => ({ ok: true, data: categories })),
    getLegalTexts: vi.fn(async (): Promise<Outcome<never>> => ({ ok: false, kind: 'unavailable' })),
    getSeller: vi.fn(async (): Promise<Outcome<never>> => ({ ok: false, kind: 'unavailable' })),
    ...overrides,
  };
}

describe('CategoryStore', () => {
  it('fetches once, builds the tree and shares one request between concurrent callers', async () => {
    const catalog = gateway();
    const store = new CategoryStore(catalog);
    await Promise.all([store.load(), store.load()]);
    await store.load();
    expect(catalog.listCategories).toHaveBeenCalledTimes(1);
    expect(store.tree.map((node) => node.categoryName)).toEqual(['Elektronik', 'Moda']);
    expect(store.tree[0]?.children[0]?.children[0]?.categoryName).toBe('Dizüstü');
  });

  it('keeps the server message on failure and fetches again on the next load', async () => {
    const catalog = gateway({
      listCategories: vi.fn(async (): Promise<Outcome<Category[]>> => ({ ok: false, kind: 'unavailable', message: 'Network error' })),
    });
    const store = new CategoryStore(catalog);
    await store.load();
    expect(store.state).toEqual({ status: 'error', message: 'Network error' });
    await store.load();
    expect(catalog.listCategories).toHaveBeenCalledTimes(2);
  });

  it('toggles entries open and closed', () => {
    const store = new CategoryStore(gateway());
    store.toggle(2);
    expect(store.isExpanded(2)).toBe(true);
    store.toggle(2);
    expect(store.isExpanded(2)).toBe(false);
  });
});

describe('HomeCollectionsStore', () => {
  it('asks for each collection separately (D3) and keeps each state apart', async () => {
    const catalog = gateway({
      listProducts: vi.fn(async (query): Promise<Outcome<Product[]>> =>
        'collection' in query && query.collection === 'popular'
          ? { ok: false, kind: 'unavailable', message: 'boom' }
          : { ok: true, data: [product] },
      ),
    });
    const store = new HomeCollectionsStore(catalog);
    await Promise.all([store.load('new'), store.load('popular')]);
    expect(catalog.listProducts).toHaveBeenCalledWith({ collection: 'new' });
    expect(catalog.listProducts).toHaveBeenCalledWith({ collection: 'popular' });
    expect(store.stateOf('new')).toEqual({ status: 'loaded', data: [product] });
    expect(store.stateOf('popular')).toEqual({ status: 'error', message: 'boom' });
    expect(store.stateOf('unusual')).toEqual({ status: 'loading' });
  });

  it('words a failure that came without a message', async () => {
    const store = new HomeCollectionsStore(
      gateway({ listProducts: vi.fn(async (): Promise<Outcome<Product[]>> => ({ ok: false, kind: 'rejected' })) }),
    );
    await store.load('new');
    expect(store.stateOf('new')).toEqual({ status: 'error', message: 'Request failed' });
  });
});

describe('ProductListStore', () => {
  it('asks for the first page of the category and all its descendants by name, using navigation state without a fetch', async () => {
    const catalog = gateway();
    const store = new ProductListStore(catalog, new CategoryStore(catalog));
    await store.open(1, categories);
    expect(catalog.listProductPage).toHaveBeenCalledWith({ filter: { allCategoryIds: [1, 2, 3] }, sort: 'name', limit: 24, offset: 0 });
    expect(catalog.listCategories).not.toHaveBeenCalled();
    expect(store.state).toEqual({ status: 'loaded', data: { category: categories[0], products: [product], total: 1 } });
    expect(store.category).toEqual(categories[0]);
  });

  it('fetches the categories when opened from a link', async () => {
    const catalog = gateway();
    const store = new ProductListStore(catalog, new CategoryStore(catalog));
    await store.open(2, null);
    expect(catalog.listCategories).toHaveBeenCalledTimes(1);
    expect(catalog.listProductPage).toHaveBeenCalledWith({ filter: { allCategoryIds: [2, 3] }, sort: 'name', limit: 24, offset: 0 });
  });

  it('asks for the page and order of the view, and counts the pages from the total', async () => {
    const catalog = gateway({
      listProductPage: vi.fn(async (): Promise<Outcome<ProductPage>> => ({ ok: true, data: { products: [product], total: 49 } })),
    });
    const store = new ProductListStore(catalog, new CategoryStore(catalog));
    expect(store.pageCount).toBe(1);
    await store.open(null, null, { sort: 'price-desc', page: 3 });
    expect(catalog.listProductPage).toHaveBeenCalledWith({ sort: 'price-desc', limit: 24, offset: 48 });
    expect(store.view).toEqual({ sort: 'price-desc', page: 3 });
    expect(store.pageCount).toBe(3);
    expect(store.pastLastPage).toBe(false);
  });

  it('asks once for the page it shows or is loading (a server render and the page share one load), again for another page or after a failure', async () => {
    const catalog = gateway();
    const store = new ProductListStore(catalog, new CategoryStore(catalog));
    await Promise.all([store.open(1, categories), store.open(1, null)]);
    await store.open(1, null, { sort: 'name', page: 1 });
    expect(catalog.listProductPage).toHaveBeenCalledTimes(1);
    await store.open(1, null, { sort: 'name', page: 2 });
    expect(catalog.listProductPage).toHaveBeenCalledTimes(2);
    vi.mocked(catalog.listProductPage).mockResolvedValueOnce({ ok: false, kind: 'unavailable', message: 'down' });
    await store.open(1, null, { sort: 'price-asc', page: 1 });
    expect(store.state).toEqual({ status: 'error', source: 'products', message: 'down' });
    await store.open(1, null, { sort: 'price-asc', page: 1 });
    expect(store.state.status).toBe('loaded');
  });

  it('tells a page past the last one from an empty category', async () => {
    const listProductPage = vi
      .fn()
      .mockResolvedValueOnce({ ok: true, data: { products: [], total: 30 } })
      .mockResolvedValueOnce({ ok: true, data: { products: [], total: 0 } });
    const catalog = gateway({ listProductPage });
    const store = new ProductListStore(catalog, new CategoryStore(catalog));
    await store.open(1, categories, { sort: 'name', page: 9 });
    expect(store.pastLastPage).toBe(true);
    await store.open(4, categories);
    expect(store.pastLastPage).toBe(false);
  });

  it('lists every product without a category and reports which call failed', async () => {
    const catalog = gateway({
      listCategories: vi.fn(async (): Promise<Outcome<Category[]>> => ({ ok: false, kind: 'unavailable', message: 'down' })),
    });
    const store = new ProductListStore(catalog, new CategoryStore(catalog));
    await store.open(null, null);
    expect(catalog.listProductPage).toHaveBeenCalledWith({ sort: 'name', limit: 24, offset: 0 });
    await store.open(1, null);
    expect(store.state).toEqual({ status: 'error', source: 'categories', message: 'down' });
  });

  it('drops an older answer that arrives after a newer request', async () => {
    let releaseFirst: (value: Outcome<ProductPage>) => void = () => {};
    const first = new Promise<Outcome<ProductPage>>((resolve) => (releaseFirst = resolve));
    const listProductPage = vi
      .fn()
      .mockReturnValueOnce(first)
      .mockResolvedValueOnce({ ok: true, data: { products: [], total: 0 } });
    const catalog = gateway({ listProductPage });
    const store = new ProductListStore(catalog, new CategoryStore(catalog));
    const older = store.open(1, categories);
    await store.open(4, categories);
    releaseFirst({ ok: true, data: { products: [product], total: 1 } });
    await older;
    expect(store.state).toEqual({ status: 'loaded', data: { category: categories[3], products: [], total: 0 } });
    expect(store.category).toEqual(categories[3]);
  });
});

describe('SearchStore', () => {
  it('searches for the trimmed text, best matches first, 24 a page', async () => {
    const catalog = gateway();
    const store = new SearchStore(catalog);
    await store.open('  çaydanlık ');
    expect(catalog.listProductPage).toHaveBeenCalledWith({ q: 'çaydanlık', sort: 'relevance', limit: 24, offset: 0 });
    expect(store.query).toBe('çaydanlık');
    expect(store.state).toEqual({ status: 'loaded', data: { products: [product], total: 1 } });
  });

  it('asks for the page and order of the view and counts the pages', async () => {
    const catalog = gateway({
      listProductPage: vi.fn(async (): Promise<Outcome<ProductPage>> => ({ ok: true, data: { products: [], total: 25 } })),
    });
    const store = new SearchStore(catalog);
    await store.open('mug', { sort: 'price-asc', page: 4 });
    expect(catalog.listProductPage).toHaveBeenCalledWith({ q: 'mug', sort: 'price-asc', limit: 24, offset: 72 });
    expect(store.pageCount).toBe(2);
    expect(store.pastLastPage).toBe(true);
  });

  it.each([[''], ['   '], ['?!']])('sends no request for %j and stays idle', async (text) => {
    const catalog = gateway();
    const store = new SearchStore(catalog);
    await store.open(text);
    expect(catalog.listProductPage).not.toHaveBeenCalled();
    expect(store.state).toEqual({ status: 'idle' });
  });

  it('cuts a text to the 100 characters the API accepts', async () => {
    const catalog = gateway();
    await new SearchStore(catalog).open('a'.repeat(150));
    expect(catalog.listProductPage).toHaveBeenCalledWith(expect.objectContaining({ q: 'a'.repeat(100) }));
  });

  it('keeps the server message of a failed search and drops a late older answer', async () => {
    let releaseFirst: (value: Outcome<ProductPage>) => void = () => {};
    const first = new Promise<Outcome<ProductPage>>((resolve) => (releaseFirst = resolve));
    const listProductPage = vi.fn().mockReturnValueOnce(first).mockResolvedValueOnce({ ok: false, kind: 'unavailable', message: 'down' });
    const store = new SearchStore(gateway({ listProductPage }));
    const older = store.open('mug');
    await store.open('kettle');
    releaseFirst({ ok: true, data: { products: [product], total: 1 } });
    await older;
    expect(store.state).toEqual({ status: 'error', message: 'down' });
    expect(store.query).toBe('kettle');
  });
});

describe('ProductDetailStore', () => {
  it('loads the product with its own pictures; cropping then replaces them, keeping an uncroppable one as it is', async () => {
    const crop = vi.fn(async (url: string) => (url === 'b.png' ? Promise.reject(new Error('tainted')) : `cropped:${url}`));
    const store = new ProductDetailStore(gateway(), { crop });
    await store.open('p1');
    expect(store.product).toEqual({ status: 'loaded', data: product });
    expect(store.images).toEqual({ status: 'loaded', data: ['a.png', 'b.png'] });
    expect(crop).not.toHaveBeenCalled();
    await store.cropImages();
    expect(store.images).toEqual({ status: 'loaded', data: ['cropped:a.png', 'b.png'] });
    await store.cropImages();
    expect(crop).toHaveBeenCalledTimes(2);
  });

  it('asks once for the product it holds or is loading (a server render and the page share one load), again after a failure or for another one', async () => {
    const getProduct = vi.fn(async (id: string): Promise<Outcome<Product>> => ({ ok: true, data: { ...product, _id: id } }));
    const store = new ProductDetailStore(gateway({ getProduct }), { crop: async (url) => url });
    await Promise.all([store.open('p1'), store.open('p1')]);
    await store.open('p1');
    expect(getProduct).toHaveBeenCalledTimes(1);
    await store.open('p2');
    expect(getProduct).toHaveBeenCalledTimes(2);
    getProduct.mockResolvedValueOnce({ ok: false, kind: 'unavailable', message: 'down' });
    await store.open('p3');
    expect(store.product).toEqual({ status: 'error', message: 'down' });
    await store.open('p3');
    expect(store.product).toEqual({ status: 'loaded', data: { ...product, _id: 'p3' } });
  });

  it('shows the server message for an unknown product and crops nothing', async () => {
    const crop = vi.fn(async (url: string) => url);
    const store = new ProductDetailStore(
      gateway({
        getProduct: vi.fn(async (): Promise<Outcome<Product>> => ({ ok: false, kind: 'rejected', message: 'Product not found' })),
      }),
      { crop },
    );
    await store.open('missing');
    expect(store.product).toEqual({ status: 'error', message: 'Product not found' });
    expect(crop).not.toHaveBeenCalled();
  });
});

describe('loaded data stays plain', () => {
  it('hands out products that are not observable (the cart stores and clones them)', async () => {
    const { isObservable } = await import('mobx');
    const catalog = gateway();
    const home = new HomeCollectionsStore(catalog);
    await home.load('new');
    const detail = new ProductDetailStore(catalog, { crop: async (url) => url });
    await detail.open('p1');
    const homeState = home.stateOf('new');
    const detailState = detail.product;
    expect(homeState.status === 'loaded' && isObservable(homeState.data[0])).toBe(false);
    expect(detailState.status === 'loaded' && isObservable(detailState.data)).toBe(false);
    expect(() => structuredClone(homeState)).not.toThrow();
  });
});
