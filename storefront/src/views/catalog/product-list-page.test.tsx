import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoCategories, demoProducts } from '../../adapters/fake/demo-catalog';
import {
  FakeCatalogGateway,
  emptyCatalogGateway,
  failingCatalogGateway,
  pendingCatalogGateway,
} from '../../adapters/fake/fake-catalog-gateway';
import { CORE } from '../../di/modules/core-module';
import { renderScreen } from '../../../../tests/support/render-screen';
import { ProductListPage } from './product-list-page';

const PATH = '/productlist/:catId?';

describe('ProductListPage', () => {
  it('shows loading text while the products load', async () => {
    await renderScreen(<ProductListPage />, { route: '/productlist/1', path: PATH, adapters: { catalog: pendingCatalogGateway() } });
    expect(screen.getByText('Loading products...')).toBeInTheDocument();
  });

  it('shows the categories error when the category list cannot be fetched', async () => {
    await renderScreen(<ProductListPage />, {
      route: '/productlist/1',
      path: PATH,
      adapters: { catalog: failingCatalogGateway('Network error') },
    });
    expect(await screen.findByText('Error fetching categories: Network error')).toBeInTheDocument();
  });

  it('shows the products error on /productlist/ (no category list needed)', async () => {
    await renderScreen(<ProductListPage />, {
      route: '/productlist/',
      path: PATH,
      adapters: { catalog: failingCatalogGateway('Network error') },
    });
    expect(await screen.findByText('Error fetching products: Network error')).toBeInTheDocument();
  });

  it('shows an empty text for a category without products', async () => {
    await renderScreen(<ProductListPage />, { route: '/productlist/5', path: PATH, adapters: { catalog: emptyCatalogGateway() } });
    expect(await screen.findByText('No products found.')).toBeInTheDocument();
  });

  it('lists a grandchild category product on the grandparent page, with the name and the Turkish note', async () => {
    // Elektronik (1) > Bilgisayar (11) > Dizüstü Bilgisayar (111); Kadın Ayakkabı (311) is in Moda.
    const laptop = demoProducts.find((product) => product.categoryId === 111)!;
    const shoe = demoProducts.find((product) => product.categoryId === 311)!;
    await renderScreen(<ProductListPage />, { route: '/productlist/1', path: PATH });
    expect(await screen.findByRole('link', { name: new RegExp(laptop.prodName) })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: new RegExp(shoe.prodName) })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Elektronik' })).toBeInTheDocument();
    expect(screen.getByText('Bu kategori altındaki tüm ürünler gösterilmektedir.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: laptop.prodName })).toBeInTheDocument();
  });

  it('uses the categories of the navigation state without fetching them', async () => {
    const catalog = new FakeCatalogGateway();
    let categoryCalls = 0;
    const listCategories = catalog.listCategories.bind(catalog);
    catalog.listCategories = () => {
      categoryCalls += 1;
      return listCategories();
    };
    // Only in the navigation state: the gateway's own list does not know category 99.
    const categories = [...demoCategories, { categoryId: 99, categoryName: 'Yalnızca Durumda', parentCategoryId: 1 }];
    const { unmount } = await renderScreen(<ProductListPage />, {
      // MemoryRouter takes a location object as its entry: the way to arrive with navigation state.
      route: { pathname: '/productlist/99', state: { categories } } as unknown as string,
      path: PATH,
      adapters: { catalog },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Yalnızca Durumda' })).toBeInTheDocument();
    expect(categoryCalls).toBe(0);
    unmount();

    await renderScreen(<ProductListPage />, { route: '/productlist/11', path: PATH, adapters: { catalog } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bilgisayar' })).toBeInTheDocument();
    expect(categoryCalls).toBe(1);
  });

  it('lists every product under the all-products title on /productlist/, 24 a page, with the count', async () => {
    await renderScreen(<ProductListPage />, { route: '/productlist/', path: PATH });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tüm Ürünler' })).toBeInTheDocument();
    expect(await screen.findByText(`${demoProducts.length} products`)).toBeInTheDocument();
    expect(within(screen.getByRole('list')).getAllByRole('link')).toHaveLength(Math.min(24, demoProducts.length));
  });

  it('sorts by the chosen order through the URL, starting again at page 1, names first by default', async () => {
    const catalog = new FakeCatalogGateway();
    const { user } = await renderScreen(<ProductListPage />, { route: '/productlist/?page=2', path: PATH, adapters: { catalog } });
    const sort = await screen.findByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveValue('name');
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Name (A–Z)', 'Price: low to high', 'Price: high to low', 'Newest first']);
    await user.selectOptions(sort, 'price-desc');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/productlist\/\?sort=price-desc$/);
    await waitFor(() => expect(catalog.queries.at(-1)).toEqual({ sort: 'price-desc', limit: 24, offset: 0 }));
    const mostExpensive = [...demoProducts].sort((a, b) => (b.prodPrice ?? -1) - (a.prodPrice ?? -1))[0]!;
    await waitFor(() =>
      expect(within(screen.getByRole('list')).getAllByRole('link')[0]).toHaveAccessibleName(new RegExp(mostExpensive.prodName)),
    );
  });

  it('pages with links that keep the order in the URL, and says which page this is', async () => {
    const catalog = new FakeCatalogGateway();
    const { user } = await renderScreen(<ProductListPage />, { route: '/productlist/?sort=price-asc', path: PATH, adapters: { catalog } });
    const pages = await screen.findByRole('navigation', { name: 'Product pages' });
    const pageCount = Math.ceil(demoProducts.length / 24);
    expect(within(pages).getByText(`Page 1 of ${pageCount}`)).toBeInTheDocument();
    expect(within(pages).queryByRole('link', { name: 'Previous' })).not.toBeInTheDocument();
    await user.click(within(pages).getByRole('link', { name: 'Next' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/productlist/?sort=price-asc&page=2');
    expect(await screen.findByText(`Page 2 of ${pageCount}`)).toBeInTheDocument();
    expect(catalog.queries.at(-1)).toEqual({ sort: 'price-asc', limit: 24, offset: 24 });
    expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/productlist/?sort=price-asc');
  });

  it('shows a page past the last one as empty, with a way back to page 1 in the same order', async () => {
    const { user } = await renderScreen(<ProductListPage />, { route: '/productlist/1?sort=newest&page=40', path: PATH });
    expect(await screen.findByText(/^There (is|are) only \d+ pages? of products\.$/)).toBeInTheDocument();
    expect(screen.queryByText('No products found.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to the first page' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/productlist\/1\?sort=newest$/);
    expect(await screen.findAllByRole('link', { name: /\$/ })).not.toHaveLength(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Elektronik' })).toBeInTheDocument();
  });

  it('reads an unknown order or page in the URL as the defaults', async () => {
    const catalog = new FakeCatalogGateway();
    await renderScreen(<ProductListPage />, { route: '/productlist/?sort=cheapest&page=-3', path: PATH, adapters: { catalog } });
    expect(await screen.findByRole('combobox', { name: 'Sort by' })).toHaveValue('name');
    await waitFor(() => expect(catalog.queries.at(-1)).toEqual({ sort: 'name', limit: 24, offset: 0 }));
  });

  it("alerts 'Product clicked!' and opens the product", async () => {
    // Kamp Malzemeleri (41) in Spor & Outdoor (4).
    const product = demoProducts.find((candidate) => candidate.categoryId === 41)!;
    const { user, services } = await renderScreen(<ProductListPage />, { route: '/productlist/4', path: PATH });
    await user.click(await screen.findByRole('link', { name: new RegExp(product.prodName) }));
    expect(services.get(CORE.alerts).alerts.map((alert) => alert.message)).toEqual(['Product clicked!']);
    expect(screen.getByTestId('location')).toHaveTextContent(`/product/${product._id}`);
  });
});
