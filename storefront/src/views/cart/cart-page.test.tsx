import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { demoProducts, toProduct } from '../../adapters/fake/demo-catalog';
import { MemoryCartStorage } from '../../adapters/fake/memory-storage';
import type { CartItem } from '@shop/core/domain/cart-item';
import type { CatalogGateway } from '@shop/core/ports/catalog-gateway';
import { CORE } from '../../di/modules/core-module';
import { signedInSession } from '../../adapters/fake/fake-world';
import { variantLine } from '../../../../.storybook/fixtures/shop';
import { renderScreen } from '../../../../tests/support/render-screen';
import { CartPage } from './cart-page';

// Cheap enough that 2 x first + second stays under $1,000: the expectations below need no thousands separator.
const [first, second] = demoProducts.filter((product) => product.prodPrice !== undefined && product.prodPrice < 300);
const items: CartItem[] = [
  { ...toProduct(first!), quantity: 2 },
  { ...toProduct(second!), quantity: 1 },
];

/** A demo product sold as variants, and what the cart keeps of one of them (D25). */
const shirt = toProduct(demoProducts.find((product) => product.prodName === 'Basic Pamuklu Tişört')!);
const shirtLine = (label: string, quantity: number) => variantLine(shirt.prodName, quantity, (variant) => variant.label === label);

function summaryValue(label: string): string {
  const summary = screen.getByRole('complementary', { name: 'Order Summary' });
  const term = within(summary).getByText(label);
  return term.nextElementSibling?.textContent ?? '';
}

describe('CartPage', () => {
  it("shows 'Your cart is empty.' and a zero summary for an empty cart", async () => {
    await renderScreen(<CartPage />);
    expect(screen.getByText('Your cart is empty.')).toBeInTheDocument();
    expect(summaryValue('Items in Cart')).toBe('0');
    expect(summaryValue('Total Price')).toBe('$0.00');
  });

  it('disables Proceed to Checkout while the cart is empty, and enables it once something is added', async () => {
    const { services, user } = await renderScreen(<CartPage />);
    const proceed = screen.getByRole('button', { name: 'Proceed to Checkout' });
    expect(proceed).toBeDisabled();
    await user.click(proceed);
    expect(screen.queryByRole('dialog')).toBeNull();
    services.get(CORE.cart).add(toProduct(first!));
    await expect.poll(() => screen.getByRole('button', { name: 'Proceed to Checkout' }).hasAttribute('disabled')).toBe(false);
  });

  it('shows the Order Summary of the items (D1: shipping 100 at or below 20000)', async () => {
    await renderScreen(<CartPage />, { adapters: { cartStorage: new MemoryCartStorage(items) } });
    const productTotal = first!.prodPrice! * 2 + second!.prodPrice!;
    expect(summaryValue('Product Total')).toBe(`$${productTotal.toFixed(2)}`);
    expect(summaryValue('Items in Cart')).toBe('3');
    expect(summaryValue('Shipping')).toBe('$100.00');
    expect(summaryValue('Total Price')).toBe(`$${(productTotal + 100).toFixed(2)}`);
    expect(screen.getByRole('img', { name: first!.prodName })).toBeInTheDocument();
  });

  it('shows free shipping above 20000', async () => {
    const pricey = demoProducts.find((product) => (product.prodPrice ?? 0) > 20000)!;
    await renderScreen(<CartPage />, { adapters: { cartStorage: new MemoryCartStorage([{ ...toProduct(pricey), quantity: 1 }]) } });
    expect(summaryValue('Shipping')).toBe('Free (Order above $20,000)');
  });

  it('removes an item with an alert', async () => {
    const { user, services } = await renderScreen(<CartPage />, { adapters: { cartStorage: new MemoryCartStorage(items) } });
    await user.click(screen.getByRole('button', { name: `Remove: ${first!.prodName}` }));
    expect(screen.queryByRole('heading', { name: first!.prodName })).not.toBeInTheDocument();
    expect(services.get(CORE.alerts).alerts.map((alert) => alert.message)).toEqual(['Product removed from cart!']);
  });

  it('changes quantities with the stepper, never below 1', async () => {
    const { user, services } = await renderScreen(<CartPage />, { adapters: { cartStorage: new MemoryCartStorage(items) } });
    const stepper = screen.getByRole('group', { name: `Quantity: ${second!.prodName}` });
    await user.click(within(stepper).getByRole('button', { name: 'Decrease quantity' }));
    expect(within(stepper).getByRole('status')).toHaveTextContent('1');
    await user.click(within(stepper).getByRole('button', { name: 'Increase quantity' }));
    expect(within(stepper).getByRole('status')).toHaveTextContent('2');
    expect(services.get(CORE.cart).totalQuantity).toBe(4);
  });

  it('proceeds to /check-out when signed in, opens the guest checkout modal otherwise', async () => {
    const guest = await renderScreen(<CartPage />, { adapters: { cartStorage: new MemoryCartStorage(items) } });
    await guest.user.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    expect(screen.getByRole('dialog', { name: 'Sign in to check out' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    guest.unmount();

    const member = await renderScreen(<CartPage />, {
      adapters: { cartStorage: new MemoryCartStorage(items) },
      setup: (services, adapters) => {
        signedInSession(adapters);
        services.get(CORE.session).start();
      },
    });
    await member.user.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/check-out');
  });

  describe('lines of products with variants (D25)', () => {
    const variantLines = [shirtLine('M / Siyah', 1), shirtLine('L / Beyaz', 2)];

    it('shows each variant as a line of its own, its values under the name, and steps each alone', async () => {
      const { user, services } = await renderScreen(<CartPage />, { adapters: { cartStorage: new MemoryCartStorage(variantLines) } });
      const medium = screen.getByRole('article', { name: `${shirt.prodName} M / Siyah` });
      expect(within(medium).getByText('M / Siyah')).toBeInTheDocument();
      expect(screen.getByRole('article', { name: `${shirt.prodName} L / Beyaz` })).toBeInTheDocument();
      const large = screen.getByRole('group', { name: `Quantity: ${shirt.prodName} (L / Beyaz)` });
      await user.click(within(large).getByRole('button', { name: 'Increase quantity' }));
      expect(services.get(CORE.cart).items.map((item) => [item.variantLabel, item.quantity])).toEqual([
        ['M / Siyah', 1],
        ['L / Beyaz', 3],
      ]);
      await user.click(screen.getByRole('button', { name: `Remove: ${shirt.prodName} (M / Siyah)` }));
      expect(services.get(CORE.cart).items.map((item) => item.variantLabel)).toEqual(['L / Beyaz']);
      expect(summaryValue('Items in Cart')).toBe('3');
    });

    it('warns of a line no longer available as it stands, and still offers Proceed to Checkout', async () => {
      const gone = { _id: 'ffffffffffffffffffffffff', prodName: 'Eski Ürün', images: [], prodPrice: 10, quantity: 1 };
      const soldOut = shirt.prodVariants!.find((variant) => variant.stock === 0)!;
      const few = shirt.prodVariants!.find((variant) => variant.stock > 0 && variant.stock <= 5)!;
      const lines = [shirtLine(soldOut.label, 1), shirtLine(few.label, few.stock + 1), shirtLine('M / Siyah', 1), gone];
      await renderScreen(<CartPage />, { adapters: { cartStorage: new MemoryCartStorage(lines) } });
      const warningOf = (name: string) => screen.getByRole('article', { name }).querySelector('.cart-item__warning')?.textContent;
      await expect.poll(() => warningOf('Eski Ürün')).toBe('No longer available');
      expect(warningOf(`${shirt.prodName} ${soldOut.label}`)).toBe('Stokta yok');
      expect(warningOf(`${shirt.prodName} ${few.label}`)).toBe(`Only ${few.stock} left`);
      expect(warningOf(`${shirt.prodName} M / Siyah`)).toBe('');
      expect(screen.getByRole('article', { name: 'Eski Ürün' })).toHaveAccessibleDescription('No longer available');
      expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).toBeEnabled();
    });

    it('says nothing of a line while the catalogue cannot answer, and asks once per product', async () => {
      const getProduct = vi.fn<CatalogGateway['getProduct']>(async () => ({ ok: false, kind: 'unavailable', message: 'Network error' }));
      await renderScreen(<CartPage />, {
        adapters: { cartStorage: new MemoryCartStorage(variantLines) },
        setup: (_services, adapters) => {
          adapters.catalog.getProduct = getProduct;
        },
      });
      await expect.poll(() => getProduct.mock.calls.length).toBe(1);
      for (const article of screen.getAllByRole('article')) expect(article.querySelector('.cart-item__warning')?.textContent).toBe('');
    });
  });
});
