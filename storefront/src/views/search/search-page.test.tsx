import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoProducts } from '../../adapters/fake/demo-catalog';
import { FakeCatalogGateway, failingCatalogGateway, pendingCatalogGateway } from '../../adapters/fake/fake-catalog-gateway';
import { CORE } from '../../di/modules/core-module';
import { renderScreen } from '../../../../tests/support/render-screen';
import { SearchPage } from './search-page';

const PATH = '/search';

/** 30 kettles: enough for two pages. */
const kettles = Array.from({ length: 30 }, (_, index) => ({
  _id: `kettle${String(index).padStart(12, '0')}`,
  prodName: `Çaydanlık ${index + 1}`,
  images: [],
  prodPrice: 100 + index,
  categoryId: 211,
  collections: [],
}));

function results(): HTMLElement[] {
  return within(screen.getByRole('list')).getAllByRole('link');
}

describe('SearchPage', () => {
  it('finds a Turkish name from lower-case text without diacritics, and counts the results politely', async () => {
    await renderScreen(<SearchPage />, { route: '/search?q=celik', path: PATH });
    expect(screen.getByRole('heading', { level: 1, name: 'Search results for “celik”' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Çelik Tencere Seti 7 Parça/ })).toBeInTheDocument();
    const count = screen.getByText(/^\d+ products?$/);
    expect(count).toHaveAttribute('aria-live', 'polite');
    expect(count).toHaveTextContent(`${results().length} products`);
  });

  it('opens a result without an alert (the category list alerts, SPEC section 2)', async () => {
    const { user, services } = await renderScreen(<SearchPage />, { route: '/search?q=bakir', path: PATH });
    await user.click(await screen.findByRole('link', { name: /Bakır Cezve/ }));
    const cezve = demoProducts.find((product) => product.prodName === 'Bakır Cezve')!;
    expect(screen.getByTestId('location')).toHaveTextContent(`/product/${cezve._id}`);
    expect(services.get(CORE.alerts).alerts).toEqual([]);
  });

  it('offers five orders, best match first, and re-sorts through the URL from page 1', async () => {
    const catalog = new FakeCatalogGateway({ products: kettles });
    const { user } = await renderScreen(<SearchPage />, { route: '/search?q=caydanlik&page=2', path: PATH, adapters: { catalog } });
    const sort = await screen.findByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveValue('relevance');
    expect(within(sort).getAllByRole('option')).toHaveLength(5);
    await user.selectOptions(sort, 'price-desc');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/search\?q=caydanlik&sort=price-desc$/);
    await waitFor(() => expect(results()[0]).toHaveAccessibleName(/Çaydanlık 30/));
    expect(catalog.queries.at(-1)).toEqual({ q: 'caydanlik', sort: 'price-desc', limit: 24, offset: 0 });
  });

  it('pages 24 at a time with the text and order kept in the links', async () => {
    const catalog = new FakeCatalogGateway({ products: kettles });
    const { user } = await renderScreen(<SearchPage />, {
      route: '/search?q=%C3%A7aydanl%C4%B1k&sort=price-asc',
      path: PATH,
      adapters: { catalog },
    });
    expect(await screen.findByText('30 products')).toBeInTheDocument();
    expect(results()).toHaveLength(24);
    await user.click(within(screen.getByRole('navigation', { name: 'Product pages' })).getByRole('link', { name: 'Next' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/search?q=%C3%A7aydanl%C4%B1k&sort=price-asc&page=2');
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    await waitFor(() => expect(results()).toHaveLength(6));
    expect(results()[0]).toHaveAccessibleName(/Çaydanlık 25/);
  });

  it('says when nothing matches and offers the category tree', async () => {
    await renderScreen(<SearchPage />, { route: '/search?q=zzqx', path: PATH });
    expect(await screen.findByText('No products match “zzqx”.')).toBeInTheDocument();
    expect(screen.getByText('0 products')).toBeInTheDocument();
    const tree = screen.getByRole('navigation', { name: 'Browse categories' });
    expect(await within(tree).findByRole('link', { name: 'Elektronik' })).toHaveAttribute('href', '/productlist/1');
  });

  it('asks for a text and sends nothing without one', async () => {
    const catalog = new FakeCatalogGateway();
    await renderScreen(<SearchPage />, { route: '/search?q=%20%20', path: PATH, adapters: { catalog } });
    expect(screen.getByRole('heading', { level: 1, name: 'Search' })).toBeInTheDocument();
    expect(screen.getByText('Type what you are looking for in the search field.')).toBeInTheDocument();
    expect(catalog.queries).toEqual([]);
  });

  it('shows the loading text, then SPEC’s products error', async () => {
    await renderScreen(<SearchPage />, { route: '/search?q=mug', path: PATH, adapters: { catalog: pendingCatalogGateway() } });
    expect(screen.getByText('Loading products...')).toBeInTheDocument();
    await renderScreen(<SearchPage />, {
      route: '/search?q=mug',
      path: PATH,
      adapters: { catalog: failingCatalogGateway('Network error') },
    });
    expect(await screen.findByText('Error fetching products: Network error')).toBeInTheDocument();
  });

  it('shows a page past the last one as empty, with a way back to page 1', async () => {
    const { user } = await renderScreen(<SearchPage />, { route: '/search?q=tava&page=5', path: PATH });
    expect(await screen.findByText('There is only 1 page of products.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to the first page' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/search\?q=tava$/);
    expect(await screen.findByRole('link', { name: /Döküm Tava 28 cm/ })).toBeInTheDocument();
  });
});
