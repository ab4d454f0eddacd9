import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { demoProducts } from '../../adapters/fake/demo-catalog';
import { FakeCatalogGateway, failingCatalogGateway, pendingCatalogGateway } from '../../adapters/fake/fake-catalog-gateway';
import { CORE } from '../../di/modules/core-module';
import { renderScreen } from '../../../../tests/support/render-screen';
import { HomePage } from './home-page';

const TITLES = ['Yeni', 'Popüler', 'Sıradışı', 'İndirimli'];

function carousel(title: string): HTMLElement {
  return screen.getByRole('region', { name: title });
}

/** The product names a shopper can see (off-view cards are hidden from assistive technology). */
function visibleNames(section: HTMLElement): string[] {
  return within(section)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent ?? '');
}

describe('HomePage', () => {
  it('shows the four carousels, each loading on its own', async () => {
    await renderScreen(<HomePage />, { adapters: { catalog: pendingCatalogGateway() } });
    for (const title of TITLES) {
      expect(within(carousel(title)).getByText('Loading products...')).toBeInTheDocument();
    }
  });

  it('shows the error text with the message in every carousel', async () => {
    await renderScreen(<HomePage />, { adapters: { catalog: failingCatalogGateway('Network error') } });
    for (const title of TITLES) {
      expect(await within(carousel(title)).findByText('Error fetching products: Network error')).toBeInTheDocument();
    }
  });

  it('asks for each collection separately (D3)', async () => {
    const { adapters } = await renderScreen(<HomePage />);
    await within(carousel('Yeni')).findAllByRole('link');
    expect(adapters.catalog).toBeInstanceOf(FakeCatalogGateway);
    const queries = (adapters.catalog as FakeCatalogGateway).queries;
    expect(queries).toEqual(
      expect.arrayContaining([{ collection: 'new' }, { collection: 'popular' }, { collection: 'unusual' }, { collection: 'discounted' }]),
    );
  });

  it('shows an empty text when a collection has no products', async () => {
    await renderScreen(<HomePage />, { adapters: { catalog: new FakeCatalogGateway({ products: [] }) } });
    expect(await within(carousel('Yeni')).findByText('No products found.')).toBeInTheDocument();
  });

  it('shows 4 cards at a time and wraps next and previous around', async () => {
    const six = demoProducts.slice(0, 6).map((product) => ({ ...product, collections: ['new' as const] }));
    const names = six.map((product) => product.prodName);
    const { user } = await renderScreen(<HomePage />, { adapters: { catalog: new FakeCatalogGateway({ products: six }) } });
    const yeni = carousel('Yeni');
    await within(yeni).findAllByRole('link');
    expect(visibleNames(yeni)).toEqual(names.slice(0, 4));

    const next = within(yeni).getByRole('button', { name: 'Next' });
    const previous = within(yeni).getByRole('button', { name: 'Previous' });
    await user.click(next);
    expect(visibleNames(yeni)).toEqual(names.slice(1, 5));
    await user.click(next);
    expect(visibleNames(yeni)).toEqual(names.slice(2, 6));
    await user.click(next);
    expect(visibleNames(yeni)).toEqual(names.slice(0, 4));
    await user.click(previous);
    expect(visibleNames(yeni)).toEqual(names.slice(2, 6));
  });

  it('holds the cards up to one view past the furthest slid, the rest joining as the shopper slides (D20)', async () => {
    const twelve = demoProducts.slice(0, 12).map((product) => ({ ...product, collections: ['new' as const] }));
    const { user } = await renderScreen(<HomePage />, { adapters: { catalog: new FakeCatalogGateway({ products: twelve }) } });
    const yeni = carousel('Yeni');
    await within(yeni).findAllByRole('link');
    const cards = () => yeni.querySelectorAll('.carousel__item').length;
    expect(cards()).toBe(8);
    await user.click(within(yeni).getByRole('button', { name: 'Next' }));
    expect(cards()).toBe(9);
    await user.click(within(yeni).getByRole('button', { name: 'Previous' }));
    expect(cards()).toBe(9);
    // Back past the first view: the last view, and every card before it.
    await user.click(within(yeni).getByRole('button', { name: 'Previous' }));
    expect(cards()).toBe(12);
    expect(visibleNames(yeni)).toEqual(twelve.slice(8, 12).map((product) => product.prodName));
  });

  it('on a phone, where a view is one card, holds the server’s cards until the shopper slides past them', async () => {
    // 343 px of carousel: one 230 px card a view (cardsPerView).
    const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(343);
    try {
      const twelve = demoProducts.slice(0, 12).map((product) => ({ ...product, collections: ['new' as const] }));
      const { user } = await renderScreen(<HomePage />, { adapters: { catalog: new FakeCatalogGateway({ products: twelve }) } });
      const yeni = carousel('Yeni');
      await within(yeni).findAllByRole('link');
      const cards = () => yeni.querySelectorAll('.carousel__item').length;
      await waitFor(() => expect(visibleNames(yeni)).toEqual([twelve[0]!.prodName]));
      expect(cards()).toBe(4);
      const next = within(yeni).getByRole('button', { name: 'Next' });
      await user.click(next);
      await user.click(next);
      expect(cards()).toBe(4);
      await user.click(next);
      expect(visibleNames(yeni)).toEqual([twelve[3]!.prodName]);
      expect(cards()).toBe(5);
    } finally {
      width.mockRestore();
    }
  });

  it('adds a product from its card with an alert, without opening the product', async () => {
    const { user, services } = await renderScreen(<HomePage />);
    const yeni = carousel('Yeni');
    const [firstCard] = await within(yeni).findAllByRole('article');
    await user.click(within(firstCard!).getByRole('button', { name: 'Add to Cart' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(services.get(CORE.cart).totalQuantity).toBe(1);
    expect(services.get(CORE.alerts).alerts.map((alert) => alert.message)).toEqual(['Product added to cart!']);
  });

  it('opens the product when the card is clicked, and shows name, dollar price and alt text', async () => {
    const { user } = await renderScreen(<HomePage />);
    const yeni = carousel('Yeni');
    const first = demoProducts.find((product) => product.collections.includes('new'))!;
    const card = (await within(yeni).findAllByRole('article'))[0]!;
    expect(within(card).getByRole('img', { name: first.prodName })).toBeInTheDocument();
    expect(within(card).getByText(/^\$[\d,]+\.\d{2}$/)).toBeInTheDocument();
    await user.click(within(card).getByRole('heading', { name: first.prodName }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/product/${first._id}`);
  });
});
