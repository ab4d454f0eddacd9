import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createContainer } from '../di/container';
import { createFakeAdapters } from '../di/fake-adapters';
import { ContainerProvider } from '../di/react';
import { messages } from '../texts/messages';
import path from 'node:path';
import { AppRoutes, PAGE_PATHS, preloadPage, routeHead, serverRenderedPages, serverRenderedSource } from './routes';

function renderAt(route: string) {
  return render(
    <ContainerProvider container={createContainer(createFakeAdapters())}>
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
