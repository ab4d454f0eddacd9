import { act, screen, waitFor } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoProducts } from '../adapters/fake/demo-catalog';
import { FakeCatalogGateway } from '../adapters/fake/fake-catalog-gateway';
import { MemoryCartStorage } from '../adapters/fake/memory-storage';
import { PrimedCatalogGateway } from '../adapters/server-render/primed-catalog-gateway';
import { answersElement, readAnswers, SERVER_ANSWERS_ELEMENT_ID } from '../adapters/server-render/catalog-answers';
import { createContainer } from '../di/container';
import { createFakeAdapters } from '../di/fake-adapters';
import { renderPage } from './entry-server';
import type { CatalogGateway } from '@shop/core/ports/catalog-gateway';
import { reactContexts } from '../../../tests/setup/react-contexts';
import { startShop } from './start-shop';

const product = demoProducts.find((candidate) => candidate.images.length > 1)!;

/** The catalogue the browser would ask over the network, counting every call. */
function countingCatalog(): CatalogGateway & { calls: string[] } {
  const inner = new FakeCatalogGateway();
  const calls: string[] = [];
  const count =
    <A extends unknown[], R>(name: string, call: (...args: A) => R) =>
    (...args: A): R => {
      calls.push(name);
      return call(...args);
    };
  return {
    calls,
    listProducts: count('listProducts', inner.listProducts.bind(inner)),
    listProductPage: count('listProductPage', inner.listProductPage.bind(inner)),
    getFacets: count('getFacets', inner.getFacets.bind(inner)),
    getProduct: count('getProduct', inner.getProduct.bind(inner)),
    getRelated: count('getRelated', inner.getRelated.bind(inner)),
    listCategories: count('listCategories', inner.listCategories.bind(inner)),
    getLegalTexts: count('getLegalTexts', inner.getLegalTexts.bind(inner)),
    getSeller: count('getSeller', inner.getSeller.bind(inner)),
  };
}

/**
 * The server's render, then the browser's, in one process (here only), sharing every context
 * object. Two things follow that never happen where the server and the browser are apart: React's
 * server renderer leaves the router's location context set after some renders, which the
 * browser's router would read as a router around it; and its development build marks each context
 * it provides as its own (`_currentRenderer`) without taking the mark back, so the browser's
 * renderer, providing the same context next, warns "Detected multiple renderers concurrently
 * rendering the same context provider". So after each server render every context made so far
 * (tests/setup/react-contexts.ts) is put back as it was: its value, and no renderer's mark.
 */
async function serverRender(url: string) {
  const before = reactContexts.map((context) => context._currentValue);
  const served = await renderPage(url, new FakeCatalogGateway());
  reactContexts.forEach((context, index) => {
    context._currentValue = before[index];
    context._currentRenderer = null;
  });
  return served;
}

/** The shops started by a test: unmounted after it, so nothing of one renders during the next. */
const shops: Root[] = [];

afterEach(() => {
  act(() => shops.splice(0).forEach((shop) => shop.unmount()));
  document.body.innerHTML = '';
  delete document.documentElement.dataset.shop;
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
});

describe('hydrating a server-rendered page (D17)', () => {
  it.each([
    '/',
    '/productlist/1',
    `/product/${product._id}`,
    '/productlist/1?sort=price-desc&page=2',
    // D25: a filtered list and its panel's counts.
    '/productlist/312?sort=price-asc&maxPrice=1000&f.Beden=M&inStock=1',
    '/cart',
    '/about',
    '/privacy',
    '/terms',
    '/nope',
    '/profile',
  ])('%s: no warning, no catalogue request, the same HTML; the cart joins after hydration', async (url) => {
    const served = await serverRender(url);
    document.body.innerHTML = `<div id="root">${served.html}</div>${served.answers}`;
    window.history.replaceState(null, '', url);
    const root = document.getElementById('root')!;
    const serverHtml = root.innerHTML;
    const errors = vi.spyOn(console, 'error');
    const warnings = vi.spyOn(console, 'warn');

    const network = countingCatalog();
    const answers = readAnswers(document.getElementById(SERVER_ANSWERS_ELEMENT_ID)?.textContent);
    const adapters = {
      ...createFakeAdapters(),
      catalog: new PrimedCatalogGateway(network, answers),
      cartStorage: new MemoryCartStorage([{ ...demoProducts[0]!, quantity: 2 }]),
    };
    shops.push(await act(() => startShop(root, createContainer(adapters), new URL(url, window.location.href), true)));

    // Browser-only state joined once the page was hydrated: the cart's badge. The shop is live once
    // every part has hydrated, each in its turn (D20).
    // (A part a task, two rounds: on a loaded machine that is more than waitFor's default second.)
    await waitFor(() => expect(document.documentElement.dataset.shop).toBe('ready'), { timeout: 15_000 });
    expect(screen.getAllByText('2', { selector: '.top-menu__badge' }).length).toBeGreaterThan(0);
    expect(errors.mock.calls).toEqual([]);
    expect(warnings).not.toHaveBeenCalled();
    // Hydrating asks nothing; once hydrated, the cart page asks whether its line can still be bought (D25).
    expect(network.calls).toEqual(url === '/cart' ? ['getProduct'] : []);
    // The server's content is still there, hydrated rather than drawn again.
    if (url !== '/profile' && url !== '/cart') expect(root.innerHTML.length).toBeGreaterThanOrEqual(serverHtml.length * 0.9);
  });

  it('a filtered list (D25) is rendered filtered, its panel showing the filters of the URL and the counts', async () => {
    const served = await serverRender('/productlist/312?maxPrice=1000&f.Beden=M');
    const page = new DOMParser().parseFromString(served.html, 'text/html');
    const names = [...page.querySelectorAll('.product-thumb__name')].map((name) => name.textContent);
    expect(names.sort()).toEqual(['Basic Pamuklu Tişört', 'Kadın Triko Hırka']);
    const size = (value: string) => page.querySelector<HTMLInputElement>(`input[name="f.Beden"][value="${value}"]`);
    expect(size('M')?.hasAttribute('checked')).toBe(true);
    expect(size('S')?.hasAttribute('checked')).toBe(false);
    expect(size('M')?.closest('label')?.textContent).toMatch(/^M\(\d+\)$/);
    expect(page.querySelector<HTMLInputElement>('input[name="maxPrice"]')?.getAttribute('value')).toBe('1000');
    expect(page.querySelector('.listing-filters__toggle')?.textContent).toBe('Filters (2)');
    expect(
      readAnswers(new DOMParser().parseFromString(served.answers, 'text/html').body.textContent).map(([key]) => key.split(' ')[0]),
    ).toContain('getFacets');
  });

  it('an answer too long to carry is left out of the page: the browser asks for it once, then hydrates the same HTML', async () => {
    const url = `/product/${product._id}`;
    const served = await serverRender(url);
    const carried = readAnswers(new DOMParser().parseFromString(served.answers, 'text/html').body.textContent);
    // The largest answer the page carries (the related products' pictures are data: URLs here).
    const largest = carried.reduce((most, answer) => (JSON.stringify(answer).length > JSON.stringify(most).length ? answer : most));
    const bound = JSON.stringify(largest).length - 1;
    expect(carried.filter((answer) => JSON.stringify(answer).length > bound)).toEqual([largest]);
    document.body.innerHTML = `<div id="root">${served.html}</div>${answersElement(carried, bound)}`;
    window.history.replaceState(null, '', url);
    const root = document.getElementById('root')!;
    const errors = vi.spyOn(console, 'error');

    const network = countingCatalog();
    const answers = readAnswers(document.getElementById(SERVER_ANSWERS_ELEMENT_ID)?.textContent);
    expect(answers.map(([key]) => key)).not.toContain(largest[0]);
    const adapters = { ...createFakeAdapters(), catalog: new PrimedCatalogGateway(network, answers) };
    shops.push(await act(() => startShop(root, createContainer(adapters), new URL(url, window.location.href), true)));

    expect(network.calls).toEqual([largest[0].split(' ')[0]]);
    expect(errors.mock.calls).toEqual([]);
    expect(screen.getByRole('heading', { level: 1, name: product.prodName })).toBeTruthy();
  });
});
