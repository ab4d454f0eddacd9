import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoProducts } from '../../adapters/fake/demo-catalog';
import { FakeCatalogGateway, failingCatalogGateway, pendingCatalogGateway } from '../../adapters/fake/fake-catalog-gateway';
import type { ImageCropper } from '../../ports/image-cropper';
import { CORE } from '../../di/modules/core-module';
import { renderScreen } from '../../../tests/support/render-screen';
import { ProductPage } from './product-page';

const PATH = '/product/:id';
const priced = demoProducts.find((product) => product.prodPrice !== undefined && product.prodDescription !== undefined)!;
const unpriced = demoProducts.find((product) => product.prodPrice === undefined)!;

describe('ProductPage', () => {
  it('shows loading text while the product loads', async () => {
    await renderScreen(<ProductPage />, { route: `/product/${priced._id}`, path: PATH, adapters: { catalog: pendingCatalogGateway() } });
    expect(screen.getByText('Loading product...')).toBeInTheDocument();
  });

  it('shows the error text for a failing catalogue and for an unknown product', async () => {
    const { unmount } = await renderScreen(<ProductPage />, {
      route: `/product/${priced._id}`,
      path: PATH,
      adapters: { catalog: failingCatalogGateway('Network error') },
    });
    expect(await screen.findByText('Error fetching product: Network error')).toBeInTheDocument();
    unmount();
    await renderScreen(<ProductPage />, { route: '/product/nope', path: PATH });
    expect(await screen.findByText('Error fetching product: Product not found')).toBeInTheDocument();
  });

  it("shows name, 'Price: $' with the price, the description and the gallery images", async () => {
    await renderScreen(<ProductPage />, { route: `/product/${priced._id}`, path: PATH });
    expect(await screen.findByRole('heading', { level: 1, name: priced.prodName })).toBeInTheDocument();
    expect(screen.getByText(/^Price: \$[\d,]+\.\d{2}$/)).toBeInTheDocument();
    expect(screen.getByText(priced.prodDescription!)).toBeInTheDocument();
    // The gallery is loaded on demand; its slides carry the product name as alt text.
    expect((await screen.findAllByRole('img', { name: `${priced.prodName} 1` })).length).toBeGreaterThan(0);
  });

  it("shows 'Price: N/A' for a product without a price", async () => {
    await renderScreen(<ProductPage />, { route: `/product/${unpriced._id}`, path: PATH });
    expect(await screen.findByText('Price: N/A')).toBeInTheDocument();
  });

  it("shows the product's own pictures while they are being cropped, then the cropped ones", async () => {
    const pending: (() => void)[] = [];
    const slow: ImageCropper = { crop: (url) => new Promise((resolve) => pending.push(() => resolve(`${url}#cropped`))) };
    await renderScreen(<ProductPage />, { route: `/product/${priced._id}`, path: PATH, adapters: { imageCropper: slow } });
    await screen.findByRole('heading', { level: 1, name: priced.prodName });
    const original = priced.images.at(-1)!;
    await waitFor(() =>
      expect(screen.getAllByRole('img', { name: `${priced.prodName} ${priced.images.length}` })[0]).toHaveAttribute('src', original),
    );
    for (const finish of pending) finish();
    await waitFor(() =>
      expect(screen.getAllByRole('img', { name: `${priced.prodName} ${priced.images.length}` })[0]).toHaveAttribute(
        'src',
        `${original}#cropped`,
      ),
    );
  });

  it('shows an HTML description literally, as text', async () => {
    const html = '<img src=x onerror="alert(1)"><b>bold</b>';
    const product = { ...priced, prodDescription: html };
    await renderScreen(<ProductPage />, {
      route: `/product/${priced._id}`,
      path: PATH,
      adapters: { catalog: new FakeCatalogGateway({ products: [product] }) },
    });
    const description = await screen.findByTestId('product-description');
    expect(description.textContent).toBe(html);
    expect(description.querySelector('b, img')).toBeNull();
  });

  it('adds the chosen quantity with an alert; the stepper never goes below 1', async () => {
    const { user, services } = await renderScreen(<ProductPage />, { route: `/product/${priced._id}`, path: PATH });
    await screen.findByRole('heading', { level: 1, name: priced.prodName });
    const decrease = screen.getByRole('button', { name: 'Decrease quantity' });
    const increase = screen.getByRole('button', { name: 'Increase quantity' });
    await user.click(decrease);
    expect(screen.getByRole('status', { name: 'Quantity' })).toHaveTextContent('1');
    await user.click(increase);
    await user.click(increase);
    await user.click(decrease);
    expect(screen.getByRole('status', { name: 'Quantity' })).toHaveTextContent('2');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(services.get(CORE.cart).items).toEqual([expect.objectContaining({ _id: priced._id, quantity: 2 })]);
    expect(services.get(CORE.alerts).alerts.map((alert) => alert.message)).toEqual(['Product added to cart!']);
  });
});
