import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoProducts } from '../../adapters/fake/demo-catalog';
import { DEMO_USER_EMAIL } from '../../adapters/fake/demo-account';
import { FakeCatalogGateway, failingCatalogGateway, pendingCatalogGateway } from '../../adapters/fake/fake-catalog-gateway';
import { FakeStockAlertGateway } from '../../adapters/fake/fake-stock-alert-gateway';
import { STOCK_ALERT_ACCEPTED } from '@shop/core/domain/stock-alert';
import { signedInSession } from '../../adapters/fake/fake-world';
import type { ImageCropper } from '@shop/core/ports/image-cropper';
import { CORE } from '../../di/modules/core-module';
import { messages } from '../../texts/messages';
import { formatPrice } from '../../texts/money-format';
import { renderScreen } from '../../../../tests/support/render-screen';
import { ProductPage } from './product-page';
import { firstInStock, ownPrice, soldOut, variantRoute, withVariants } from '../../../../.storybook/fixtures/variant-product';

const PATH = '/product/:id';
/** The product's own Add to Cart (the related products' cards under it have theirs). */
const addToCart = () => screen.getAllByRole('button', { name: 'Add to Cart' })[0]!;
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
    await user.click(addToCart());
    expect(services.get(CORE.cart).items).toEqual([expect.objectContaining({ _id: priced._id, quantity: 2 })]);
    expect(services.get(CORE.alerts).alerts.map((alert) => alert.message)).toEqual(['Product added to cart!']);
  });
});

describe('ProductPage with options and variants (D25)', () => {
  const product = withVariants;
  const variants = product.prodVariants!;
  const route = variantRoute;
  const location = () => screen.getByTestId('location').textContent;
  const group = (index: number) => screen.getByRole('group', { name: product.prodOptions![index]!.name });

  it('shows each option as a radio group, the first variant in stock chosen', async () => {
    await renderScreen(<ProductPage />, { route: route(), path: PATH });
    await screen.findByRole('heading', { level: 1, name: product.prodName });
    product.prodOptions!.forEach((option, index) => {
      const radios = within(group(index)).getAllByRole('radio');
      expect(radios.map((radio) => (radio as HTMLInputElement).value)).toEqual(option.values);
      expect(within(group(index)).getByRole('radio', { checked: true })).toHaveAttribute('value', firstInStock.options[index]);
    });
    expect(addToCart()).toBeEnabled();
  });

  it('follows a choice: the URL (replaced), the price and the stock text; a sold-out variant cannot be added and offers Haber ver', async () => {
    const { user, services } = await renderScreen(<ProductPage />, { route: route(), path: PATH });
    await screen.findByRole('heading', { level: 1, name: product.prodName });
    for (const [index, value] of ownPrice.options.entries()) await user.click(within(group(index)).getByRole('radio', { name: value }));
    expect(location()).toBe(route(ownPrice));
    expect(screen.getByText(messages.product.price(formatPrice(ownPrice.price)))).toBeInTheDocument();
    if (ownPrice.stock <= 3) expect(screen.getByText(`Son ${ownPrice.stock} ürün`)).toBeInTheDocument();

    for (const [index, value] of soldOut.options.entries()) {
      // A value no variant with the other choices has in stock reads '(Stokta yok)' after its name.
      await user.click(within(group(index)).getByRole('radio', { name: new RegExp(`^${value}( \\(Stokta yok\\))?$`) }));
    }
    expect(location()).toBe(route(soldOut));
    expect(screen.getByText('Stokta yok')).toBeInTheDocument();
    const add = addToCart();
    expect(add).toBeDisabled();
    await user.click(add);
    expect(services.get(CORE.cart).items).toEqual([]);
    expect(screen.getByRole('button', { name: 'Haber ver' })).toBeInTheDocument();
  });

  it('marks the values no variant with the other choices has in stock, still choosable', async () => {
    await renderScreen(<ProductPage />, { route: route(soldOut), path: PATH });
    await screen.findByRole('heading', { level: 1, name: product.prodName });
    product.prodOptions!.forEach((option, index) => {
      for (const value of option.values) {
        const inStock = variants.some(
          (variant) =>
            variant.stock > 0 &&
            variant.options[index] === value &&
            variant.options.every((other, at) => at === index || other === soldOut.options[at]),
        );
        const radio = within(group(index)).getByRole('radio', { name: inStock ? value : `${value} (Stokta yok)` });
        expect(radio).toBeEnabled();
      }
    });
  });

  it('adds the chosen variant with its label, price and pictures; another variant is another line', async () => {
    const { user, services } = await renderScreen(<ProductPage />, { route: route(ownPrice), path: PATH });
    await screen.findByRole('heading', { level: 1, name: product.prodName });
    await user.click(addToCart());
    const other = variants.find((variant) => variant.stock > 0 && variant.images && variant._id !== ownPrice._id)!;
    for (const [index, value] of other.options.entries()) await user.click(within(group(index)).getByRole('radio', { name: value }));
    await user.click(addToCart());
    expect(services.get(CORE.cart).items).toEqual([
      expect.objectContaining({
        _id: product._id,
        variantId: ownPrice._id,
        variantLabel: ownPrice.label,
        prodPrice: ownPrice.price,
        quantity: 1,
      }),
      expect.objectContaining({
        _id: product._id,
        variantId: other._id,
        variantLabel: other.label,
        prodPrice: product.prodPrice,
        images: other.images,
      }),
    ]);
  });

  it("'Haber ver' opens a form with the signed-in shopper's address, checks it, and shows the server's answer", async () => {
    const { user, adapters } = await renderScreen(<ProductPage />, {
      route: route(soldOut),
      path: PATH,
      setup: (services, adapters) => {
        signedInSession(adapters);
        services.get(CORE.session).start();
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Haber ver' }));
    const form = screen.getByRole('form', { name: 'Haber ver' });
    const email = within(form).getByLabelText('Email');
    expect(email).toHaveValue(DEMO_USER_EMAIL);
    await user.clear(email);
    await user.type(email, 'ayse@');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(within(form).getByText('Enter a valid email address.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    await user.type(email, 'example.com');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByText(STOCK_ALERT_ACCEPTED)).toBeInTheDocument();
    expect((adapters.stockAlert as FakeStockAlertGateway).requests).toEqual([
      { productId: product._id, variantId: soldOut._id, email: 'ayse@example.com' },
    ]);
    expect(within(form).queryByRole('button', { name: 'Send' })).toBeNull();
  });

  it("'Haber ver' shows a failure and lets the shopper send again", async () => {
    const stockAlert = new FakeStockAlertGateway({ failWith: { status: 429, message: 'Too many requests' } });
    const { user } = await renderScreen(<ProductPage />, { route: route(soldOut), path: PATH, adapters: { stockAlert } });
    await user.click(await screen.findByRole('button', { name: 'Haber ver' }));
    await user.type(screen.getByLabelText('Email'), 'ayse@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error saving your request: Too many requests');
    stockAlert.server.failWith = undefined;
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(STOCK_ALERT_ACCEPTED)).toBeInTheDocument();
  });

  it("shows 'Son N ürün' and 'Stokta yok' for a product without variants, and no Add to Cart for a sold-out one", async () => {
    const low = { ...priced, prodStock: 2 };
    const gone = { ...unpriced, prodStock: 0 };
    const catalog = new FakeCatalogGateway({ products: [low, gone] });
    const { unmount } = await renderScreen(<ProductPage />, { route: `/product/${low._id}`, path: PATH, adapters: { catalog } });
    expect(await screen.findByText('Son 2 ürün')).toBeInTheDocument();
    expect(addToCart()).toBeEnabled();
    unmount();
    await renderScreen(<ProductPage />, { route: `/product/${gone._id}`, path: PATH, adapters: { catalog } });
    expect(await screen.findByText('Stokta yok')).toBeInTheDocument();
    expect(addToCart()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Haber ver' })).toBeInTheDocument();
  });
});
