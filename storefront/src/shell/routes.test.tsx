import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { CartItem } from '@shop/core/domain/cart-item';
import { createContainer } from '../di/container';
import { createFakeAdapters } from '../di/fake-adapters';
import { ACCOUNT } from '../di/modules/account-module';
import { ADDRESS } from '../di/modules/address-module';
import { CATALOG_PAGES } from '../di/modules/catalog-pages-module';
import { CORE } from '../di/modules/core-module';
import { ORDERS } from '../di/modules/order-module';
import { PRODUCT_SUGGESTIONS } from '../di/modules/product-suggestions-module';
import { ContainerProvider, type ServiceContainer } from '../di/react';
import { messages } from '../texts/messages';
import path from 'node:path';
import { AppRoutes, PAGE_PATHS, prepareRoute, preloadPage, routeHead, serverRenderedPages, serverRenderedSource } from './routes';

function renderAt(route: string, container: ServiceContainer = createContainer(createFakeAdapters())) {
  return render(
    <ContainerProvider container={container}>
      <MemoryRouter initialEntries={[route]}>
        <AppRoutes />
      </MemoryRouter>
    </ContainerProvider>,
  );
}

describe('AppRoutes', () => {
  it('shows a preloaded page in the layout in the first render, without waiting', async () => {
    await preloadPage('/about');
    renderAt('/about');
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: messages.about.title })).toBeInTheDocument();
  });

  it('loads a page that was not preloaded, in the layout', async () => {
    renderAt('/no-such-page');
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: messages.errors.notFound })).toBeInTheDocument();
  });

  it("names each server-rendered page's module by the path it is imported from (its chunk is preloaded by the server's page)", async () => {
    const pages = serverRenderedPages();
    expect(pages.length).toBe(8);
    for (const { source, load } of pages) {
      expect(source).toMatch(/^storefront\/src\/views\/.+\.tsx$/);
      const module = (await import(/* @vite-ignore */ path.resolve(import.meta.dirname, '../../..', source!))) as Record<string, unknown>;
      expect(Object.values(module)).toContain(await load());
    }
    expect(serverRenderedSource('/')).toBe('storefront/src/views/home/home-page.tsx');
    expect(serverRenderedSource('/product/abc')).toBe('storefront/src/views/product/product-page.tsx');
    expect(serverRenderedSource('/terms')).toBe('storefront/src/views/legal/legal-pages.tsx');
    expect(serverRenderedSource('/profile')).toBeUndefined();
  });

  it("lists every page's path for a server to route, the not-found page apart", () => {
    expect(PAGE_PATHS).toHaveLength(16);
    expect(PAGE_PATHS).toEqual(
      expect.arrayContaining(['/', '/about', '/privacy', '/terms', '/cart', '/productlist/:catId?', '/product/:id']),
    );
    expect(PAGE_PATHS).toEqual(expect.arrayContaining(['/profile', '/orders/:id', '/check-out', '/search', '/verify-email/:token']));
    expect(PAGE_PATHS.filter((path) => path.includes('*'))).toEqual([]);
  });

  it("gives every page a title and description: the shop's own until a page says more", async () => {
    const container = createContainer(createFakeAdapters());
    await preloadPage('/about');
    expect(routeHead(container, new URL('http://shop/about'))).toEqual({
      title: 'About Us | Storefront',
      description: messages.head.aboutDescription,
    });
    expect(routeHead(container, new URL('http://shop/profile'))).toEqual({
      title: 'Storefront',
      description: messages.head.shopDescription,
    });
  });
});

describe("a page's stores", () => {
  const item: CartItem = { _id: 'p1p1p1p1p1p1p1p1', prodName: 'Lamp', images: [], prodPrice: 10, quantity: 2 };
  /** A container of the shop with the demo user signed in and a line in the cart: no page's store bound yet. */
  function signedInShop(): ServiceContainer {
    const container = createContainer(createFakeAdapters({ signedIn: true, seedCart: [item] }));
    container.get(CORE.session).start();
    return container;
  }
  /** `pattern` with each parameter filled in. */
  const at = (pattern: string) => pattern.replace(':catId?', '1').replace(/:\w+/g, 'abc');

  it('binds the stores of a page the browser renders when it renders: loading its chunk binds nothing', async () => {
    const container = signedInShop();
    await preloadPage('/search');
    expect(container.isBound(CATALOG_PAGES.search)).toBe(false);
    renderAt('/search?q=lamp', container);
    expect(screen.getByRole('heading', { name: messages.search.resultsTitle('lamp') })).toBeInTheDocument();
    expect(container.isBound(CATALOG_PAGES.search)).toBe(true);
  });

  it.each(PAGE_PATHS.map(at))('the page at %s finds the stores its screen uses: its module names them', async (route) => {
    const container = signedInShop();
    await preloadPage(route);
    renderAt(route, container);
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: messages.errors.unexpected })).toBeNull();
  });

  it('binds a page’s stores when its route loads, and only those', async () => {
    const container = signedInShop();
    expect(container.isBound(CATALOG_PAGES.productDetail)).toBe(false);
    await prepareRoute(container, new URL('http://shop/product/abc'));
    expect(container.isBound(CATALOG_PAGES.productDetail)).toBe(true);
    expect(container.isBound(PRODUCT_SUGGESTIONS.related)).toBe(true);
    expect(container.isBound(ACCOUNT.authForm)).toBe(false);
    expect(() => container.get(ORDERS.list)).toThrow();
  });

  it('binds them once per container, whichever way the page comes back', async () => {
    const container = signedInShop();
    await prepareRoute(container, new URL('http://shop/product/abc'));
    const pages = container.get(CATALOG_PAGES.productDetail);
    await prepareRoute(container, new URL('http://shop/product/def'));
    renderAt('/product/abc', container);
    expect(container.get(CATALOG_PAGES.productDetail)).toBe(pages);
    expect(createContainer(createFakeAdapters()).isBound(CATALOG_PAGES.productDetail)).toBe(false);
  });

  it('binds what a page’s feature requires with it: the checkout’s addresses with the order stores', async () => {
    const container = signedInShop();
    await preloadPage('/orders');
    renderAt('/orders', container);
    expect(container.get(ORDERS.list)).toBeDefined();
    expect(container.isBound(ADDRESS.checkout)).toBe(true);
  });
});
