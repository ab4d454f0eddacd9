import { describe, expect, it, vi } from 'vitest';
import type { Category } from '@shop/core/domain/category';
import type { Outcome } from '@shop/core/domain/outcome';
import type { CatalogGateway, ProductFacets, ProductPage } from '@shop/core/ports/catalog-gateway';
import { CategoryStore } from './category-store';
import {
  activeFilterCount,
  filtersFromSearch,
  filtersSearch,
  ListingFacets,
  panelGroups,
  queryFilters,
  readPrice,
  toggleOption,
} from './listing-filters';
import { ProductListStore } from './product-list-store';
import { SearchStore } from './search-store';

const categories: Category[] = [
  { categoryId: 1, categoryName: 'Giyim', parentCategoryId: null },
  { categoryId: 2, categoryName: 'Tişört', parentCategoryId: 1 },
];

const facets: ProductFacets = {
  total: 3,
  price: { min: 4.5, max: 120 },
  inStock: 2,
  options: [
    {
      name: 'Beden',
      values: [
        { value: 'S', count: 1 },
        { value: 'M', count: 3 },
        { value: 'L', count: 0 },
      ],
    },
  ],
};

function gateway(overrides: Partial<CatalogGateway> = {}): CatalogGateway {
  const unavailable = async (): Promise<Outcome<never>> => ({ ok: false, kind: 'unavailable' });
  return {
    listProducts: vi.fn(unavailable),
    listProductPage: vi.fn(async (): Promise<Outcome<ProductPage>> => ({ ok: true, data: { products: [], total: 0 } })),
    getFacets: vi.fn(async (): Promise<Outcome<ProductFacets>> => ({ ok: true, data: facets })),
    getProduct: vi.fn(unavailable),
    getRelated: vi.fn(unavailable),
    listCategories: vi.fn(async (): Promise<Outcome<Category[]>> => ({ ok: true, data: categories })),
    getLegalTexts: vi.fn(unavailable),
    getSeller: vi.fn(unavailable),
    ...overrides,
  };
}

describe('filters in the URL', () => {
  it('reads prices, option values under f.<name> and inStock, in one order', () => {
    const params = new URLSearchParams(
      'sort=price-asc&f.Renk=Siyah&maxPrice=50&f.Beden=M&f.Beden=L&f.Beden=M&minPrice=10.5&inStock=1&page=3',
    );
    expect(filtersFromSearch(params)).toEqual({
      minPrice: 10.5,
      maxPrice: 50,
      options: { Beden: ['L', 'M'], Renk: ['Siyah'] },
      inStock: true,
    });
    // The same filters in another order are the same object, so the same query and key.
    const shuffled = new URLSearchParams('inStock=1&f.Beden=L&minPrice=10.5&f.Renk=Siyah&f.Beden=M&maxPrice=50');
    expect(JSON.stringify(filtersFromSearch(shuffled))).toBe(JSON.stringify(filtersFromSearch(params)));
  });

  it('leaves out what it cannot read: no filters is {}', () => {
    expect(filtersFromSearch(new URLSearchParams('q=tişört&sort=name&page=2'))).toEqual({});
    expect(
      filtersFromSearch(new URLSearchParams('minPrice=abc&maxPrice=-3&inStock=true&f.=M&f.Beden=&f.Beden=%20%20&minPrice=1e3')),
    ).toEqual({});
    expect(filtersFromSearch(new URLSearchParams(`f.Beden=${'x'.repeat(41)}&f.${'y'.repeat(41)}=M`))).toEqual({});
    expect(readPrice('12.345')).toBeUndefined();
    expect(readPrice(' 12.34 ')).toBe(12.34);
    expect(readPrice('')).toBeUndefined();
  });

  it("bounds how many options and values one URL may ask for (the API's bounds), and reads a range the wrong way round", () => {
    const many = new URLSearchParams([
      ...Array.from({ length: 30 }, (_, index) => [`f.O${index}`, 'x']),
      ...Array.from({ length: 80 }, (_, index) => ['f.O0', `v${index}`]),
    ]);
    const { options = {} } = filtersFromSearch(many);
    expect(Object.keys(options)).toHaveLength(10);
    expect(options.O0).toHaveLength(30);
    expect(filtersFromSearch(new URLSearchParams('minPrice=50&maxPrice=10'))).toEqual({ minPrice: 10, maxPrice: 50 });
  });

  it('writes filters after the other parameters and starts again at page 1', () => {
    const params = new URLSearchParams('q=tişört&sort=price-asc&page=4&f.Beden=S&minPrice=3');
    expect(filtersSearch(params, { maxPrice: 50, options: { Beden: ['M', 'L'] }, inStock: true })).toBe(
      '?q=ti%C5%9F%C3%B6rt&sort=price-asc&maxPrice=50&f.Beden=L&f.Beden=M&inStock=1',
    );
    expect(filtersSearch(params, {})).toBe('?q=ti%C5%9F%C3%B6rt&sort=price-asc');
    expect(filtersSearch(new URLSearchParams('page=2&f.Renk=Siyah'), {})).toBe('');
  });

  it('reads back what it writes, an option named like another parameter included', () => {
    const filters = { minPrice: 0, options: { page: ['2'], 'Renk & Desen': ['Siyah/Beyaz', 'Kırmızı'] }, inStock: true };
    const search = filtersSearch(new URLSearchParams('sort=newest&page=5'), filters);
    const params = new URLSearchParams(search);
    expect(params.get('sort')).toBe('newest');
    expect(params.has('page')).toBe(false);
    expect(filtersFromSearch(params)).toEqual({
      minPrice: 0,
      options: { page: ['2'], 'Renk & Desen': ['Kırmızı', 'Siyah/Beyaz'] },
      inStock: true,
    });
  });

  it('toggles a value, counts what is on, and leaves no filters out of a query', () => {
    const one = toggleOption({}, 'Beden', 'M');
    expect(one).toEqual({ options: { Beden: ['M'] } });
    expect(toggleOption(one, 'Beden', 'M')).toEqual({});
    expect(activeFilterCount({ minPrice: 1, maxPrice: 9, options: { Beden: ['M', 'L'], Renk: ['Siyah'] }, inStock: true })).toBe(5);
    expect(activeFilterCount({})).toBe(0);
    expect(queryFilters({ options: { Beden: [] } })).toEqual({});
    expect(queryFilters({ inStock: true })).toEqual({ filters: { inStock: true } });
  });

  it("gives the panel the facets' values, and a chosen value they do not name", () => {
    expect(panelGroups(facets, { options: { Beden: ['M', 'XXL'], Renk: ['Mor'] } })).toEqual([
      {
        name: 'Beden',
        values: [
          { value: 'S', count: 1, checked: false },
          { value: 'M', count: 3, checked: true },
          { value: 'L', count: 0, checked: false },
          { value: 'XXL', count: 0, checked: true },
        ],
      },
      { name: 'Renk', values: [{ value: 'Mor', count: 0, checked: true }] },
    ]);
    // Without counts (loading, failed) only the chosen values, with no count.
    expect(panelGroups(undefined, { options: { Beden: ['M'] } })).toEqual([
      { name: 'Beden', values: [{ value: 'M', count: null, checked: true }] },
    ]);
  });
});

describe('ListingFacets', () => {
  it('loads the counts once per query, keeps them while others load, and retries a failure', async () => {
    let release: (outcome: Outcome<ProductFacets>) => void = () => {};
    const getFacets = vi
      .fn()
      .mockResolvedValueOnce({ ok: true, data: facets })
      .mockReturnValueOnce(new Promise((resolve) => (release = resolve)))
      .mockResolvedValueOnce({ ok: false, kind: 'unavailable', message: 'down' })
      .mockResolvedValueOnce({ ok: true, data: { ...facets, total: 1 } });
    const store = new ListingFacets(gateway({ getFacets }));
    expect(store.state).toEqual({ status: 'loading' });
    await Promise.all([store.load({ q: 'tişört' }), store.load({ q: 'tişört' })]);
    expect(getFacets).toHaveBeenCalledTimes(1);
    expect(store.state).toEqual({ status: 'loaded', data: facets });

    const next = store.load({ q: 'tişört', filters: { inStock: true } });
    expect(store.state.status).toBe('loading');
    expect(store.shown).toEqual(facets);
    release({ ok: true, data: { ...facets, total: 2 } });
    await next;
    expect(store.shown?.total).toBe(2);

    await store.load({ q: 'tişört', filters: { minPrice: 5 } });
    expect(store.state).toEqual({ status: 'error', message: 'down' });
    await store.retry();
    expect(getFacets).toHaveBeenCalledTimes(4);
    expect(getFacets).toHaveBeenLastCalledWith({ q: 'tişört', filters: { minPrice: 5 } });
    expect(store.shown?.total).toBe(1);
    await store.retry();
    expect(getFacets).toHaveBeenCalledTimes(4);
  });

  it('drops an older answer that arrives after a newer one', async () => {
    let release: (outcome: Outcome<ProductFacets>) => void = () => {};
    const getFacets = vi
      .fn()
      .mockReturnValueOnce(new Promise((resolve) => (release = resolve)))
      .mockResolvedValueOnce({ ok: true, data: facets });
    const store = new ListingFacets(gateway({ getFacets }));
    const older = store.load({ q: 'a' });
    await store.load({ q: 'b' });
    release({ ok: true, data: { ...facets, total: 99 } });
    await older;
    expect(store.shown).toEqual(facets);
  });
});

describe('a category list with filters', () => {
  it('asks for the filtered page and the counts of the same list and filters', async () => {
    const catalog = gateway();
    const store = new ProductListStore(catalog, new CategoryStore(catalog));
    const filters = filtersFromSearch(new URLSearchParams('f.Beden=M&maxPrice=50'));
    await store.open(1, categories, { sort: 'price-asc', page: 1 }, filters);
    const narrowed = { filters: { maxPrice: 50, options: { Beden: ['M'] } } };
    expect(catalog.listProductPage).toHaveBeenCalledWith({
      filter: { allCategoryIds: [1, 2] },
      ...narrowed,
      sort: 'price-asc',
      limit: 24,
      offset: 0,
    });
    expect(catalog.getFacets).toHaveBeenCalledWith({ filter: { allCategoryIds: [1, 2] }, ...narrowed });
    expect(store.filters).toEqual(narrowed.filters);
    expect(store.facets.state).toEqual({ status: 'loaded', data: facets });
  });

  it('another page keeps the counts; other filters reload the list and the counts; no filters sends none', async () => {
    const catalog = gateway();
    const store = new ProductListStore(catalog, new CategoryStore(catalog));
    await store.open(null, null, { sort: 'name', page: 1 });
    expect(catalog.listProductPage).toHaveBeenLastCalledWith({ sort: 'name', limit: 24, offset: 0 });
    expect(catalog.getFacets).toHaveBeenLastCalledWith({});
    await store.open(null, null, { sort: 'name', page: 2 });
    expect(catalog.listProductPage).toHaveBeenCalledTimes(2);
    expect(catalog.getFacets).toHaveBeenCalledTimes(1);
    await store.open(null, null, { sort: 'name', page: 1 }, { inStock: true });
    expect(catalog.listProductPage).toHaveBeenLastCalledWith({ filters: { inStock: true }, sort: 'name', limit: 24, offset: 0 });
    expect(catalog.getFacets).toHaveBeenLastCalledWith({ filters: { inStock: true } });
    // The same filters again (a server render, then the page's own call): nothing sent.
    await store.open(null, null, { sort: 'name', page: 1 }, { inStock: true, options: {} });
    expect(catalog.listProductPage).toHaveBeenCalledTimes(3);
    expect(catalog.getFacets).toHaveBeenCalledTimes(2);
  });

  it('a failed count leaves the list shown', async () => {
    const catalog = gateway({
      getFacets: vi.fn(async (): Promise<Outcome<ProductFacets>> => ({ ok: false, kind: 'unavailable', message: 'down' })),
    });
    const store = new ProductListStore(catalog, new CategoryStore(catalog));
    await store.open(2, categories);
    expect(store.state).toEqual({ status: 'loaded', data: { category: categories[1], products: [], total: 0 } });
    expect(store.facets.state).toEqual({ status: 'error', message: 'down' });
  });
});

describe('search results with filters', () => {
  it('narrows the search and counts over the same text, and asks for no counts without text', async () => {
    const catalog = gateway();
    const store = new SearchStore(catalog);
    await store.open('tişört', { sort: 'relevance', page: 1 }, { options: { Beden: ['S'] } });
    expect(catalog.listProductPage).toHaveBeenCalledWith({
      q: 'tişört',
      filters: { options: { Beden: ['S'] } },
      sort: 'relevance',
      limit: 24,
      offset: 0,
    });
    expect(catalog.getFacets).toHaveBeenCalledWith({ q: 'tişört', filters: { options: { Beden: ['S'] } } });
    await store.open('tişört', { sort: 'price-asc', page: 1 }, { options: { Beden: ['S'] } });
    expect(catalog.getFacets).toHaveBeenCalledTimes(1);
    await store.open('  ', { sort: 'relevance', page: 1 }, { inStock: true });
    expect(catalog.getFacets).toHaveBeenCalledTimes(1);
    expect(store.state).toEqual({ status: 'idle' });
  });
});
