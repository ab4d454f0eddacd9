import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { variantLine } from '../../../../.storybook/fixtures/shop';
import { renderScreen } from '../../../../tests/support/render-screen';
import { demoProducts, toProduct } from '../../adapters/fake/demo-catalog';
import { MemoryCartStorage } from '../../adapters/fake/memory-storage';
import { DEMO_USER_ID } from '../../adapters/fake/demo-account';
import { type FakeAdapterSet } from '../../di/fake-adapters';
import { fakeAccountStoreOf, signedInSession } from '../../adapters/fake/fake-world';
import { CORE } from '../../di/modules/core-module';
import type { ServiceContainer } from '../../di/react';
import type { AdapterSet } from '../../di/tokens';
import { notEnoughStockMessage } from '@shop/core/domain/order';
import { CheckoutPage } from './checkout-page';

function signIn(services: ServiceContainer, adapters: AdapterSet) {
  signedInSession(adapters);
  services.get(CORE.session).start();
}

function signInWithoutAddresses(services: ServiceContainer, adapters: AdapterSet) {
  const record = fakeAccountStoreOf(adapters).findByEmail('demo@example.com');
  if (record) record.user.address = [];
  signIn(services, adapters);
}

const cart = () => {
  const product = demoProducts.find((candidate) => candidate.prodPrice !== undefined);
  if (!product) throw new Error('demo catalogue has priced products');
  return new MemoryCartStorage([{ ...toProduct(product), quantity: 2 }]);
};

const box = (name: string) => screen.getByRole('region', { name });

const ACCEPT = /I have read and accept the Pre-Information Form/;
/** D24: the documents for this cart and these addresses have loaded; the shopper ticks the box. */
async function acceptContract(user: { click(element: Element): Promise<void> }) {
  await user.click(await screen.findByRole('checkbox', { name: ACCEPT }));
}

describe('CheckoutPage', () => {
  it('sends a guest to the cart, where checkout offers login or the guest mail', async () => {
    await renderScreen(<CheckoutPage />, { route: '/check-out' });
    expect(screen.getByTestId('location')).toHaveTextContent('/cart');
  });

  it('preselects the default address in both boxes', async () => {
    await renderScreen(<CheckoutPage />, { route: '/check-out', setup: signIn });
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    for (const name of ['Billing Address', 'Shipping Address']) {
      expect(within(box(name)).getByText('Ev')).toBeInTheDocument();
      expect(within(box(name)).getByText('Moda Caddesi')).toBeInTheDocument();
      expect(within(box(name)).getByRole('button', { name: `Remove ${name}` })).toBeInTheDocument();
    }
  });

  it('Remove clears a box; + Add opens the saved addresses; choosing fills only that box; Close closes', async () => {
    const { user } = await renderScreen(<CheckoutPage />, { route: '/check-out', setup: signIn });
    await user.click(within(box('Shipping Address')).getByRole('button', { name: 'Remove Shipping Address' }));
    expect(within(box('Shipping Address')).queryByText('Ev')).not.toBeInTheDocument();
    expect(within(box('Billing Address')).getByText('Ev')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '+ Add Shipping Address' }));
    const dialog = screen.getByRole('dialog', { name: 'Shipping Address' });
    // Each option is named by its whole content: address name, receiver, address lines.
    const options = within(within(dialog).getByRole('list', { name: 'Saved Addresses' })).getAllByRole('button');
    expect(options.map((option) => within(option).getByRole('strong').textContent)).toEqual(['Ofis', 'Ev']);
    await user.click(within(dialog).getByRole('button', { name: /^Ofis/ }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(box('Shipping Address')).getByText('Ofis')).toBeInTheDocument();
    expect(within(box('Shipping Address')).getByText('Atatürk Bulvarı')).toBeInTheDocument();
    expect(within(box('Billing Address')).getByText('Ev')).toBeInTheDocument();

    await user.click(within(box('Billing Address')).getByRole('button', { name: 'Remove Billing Address' }));
    await user.click(screen.getByRole('button', { name: '+ Add Billing Address' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Billing Address' })).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '+ Add Billing Address' })).toBeInTheDocument();
  });

  it("without saved addresses the boxes are empty and the list says 'No saved addresses found.'", async () => {
    const { user } = await renderScreen(<CheckoutPage />, { route: '/check-out', setup: signInWithoutAddresses });
    expect(screen.getByRole('button', { name: '+ Add Billing Address' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '+ Add Shipping Address' }));
    expect(within(screen.getByRole('dialog')).getByText('No saved addresses found.')).toBeInTheDocument();
  });

  it("shows the cart as thumbnails, or 'Your cart is empty.'", async () => {
    await renderScreen(<CheckoutPage />, { route: '/check-out', setup: signIn });
    expect(screen.getByText('Your cart is empty.')).toBeInTheDocument();
  });

  it('lists cart items with their quantity', async () => {
    await renderScreen(<CheckoutPage />, { route: '/check-out', setup: signIn, adapters: { cartStorage: cart() } });
    const list = within(screen.getByRole('region', { name: 'Items in your cart' })).getByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText('Quantity: 2')).toBeInTheDocument();
    expect(screen.queryByText('Your cart is empty.')).not.toBeInTheDocument();
  });

  it('shows the Order Summary as the cart does: totals, item count, shipping (D1)', async () => {
    const storage = cart();
    const [line] = storage.load();
    await renderScreen(<CheckoutPage />, { route: '/check-out', setup: signIn, adapters: { cartStorage: storage } });
    const summary = screen.getByRole('complementary', { name: 'Order Summary' });
    const productTotal = line!.prodPrice! * 2;
    const shipping = productTotal > 20000 ? 'Free (Order above $20,000)' : '$100.00';
    const usd = (amount: number) => `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    expect(within(summary).getByText('Items in Cart').nextSibling).toHaveTextContent('2');
    expect(within(summary).getByText('Product Total').nextSibling).toHaveTextContent(usd(productTotal));
    expect(within(summary).getByText('Shipping').nextSibling).toHaveTextContent(shipping);
    expect(within(summary).getByText('Total Price').nextSibling).toHaveTextContent(usd(productTotal + (productTotal > 20000 ? 0 : 100)));
    expect(within(summary).getByRole('button', { name: 'Check Out' })).toBeInTheDocument();
  });

  it('Check Out places the order with the chosen payment, then opens it and empties the cart (D19)', async () => {
    const { user, services, adapters } = await renderScreen(<CheckoutPage />, {
      route: '/check-out',
      setup: signIn,
      adapters: { cartStorage: cart() },
    });
    const payment = screen.getByRole('group', { name: 'Payment Method' });
    expect(within(payment).getByRole('radio', { name: 'Cash on delivery' })).toBeChecked();
    await user.click(within(payment).getByRole('radio', { name: 'Card on delivery' }));
    await acceptContract(user);
    await user.click(screen.getByRole('button', { name: 'Check Out' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/orders\/[0-9a-f]{24}$/));
    expect(JSON.parse(screen.getByTestId('location').dataset.state ?? 'null')).toEqual({ placed: true });
    expect(services.get(CORE.cart).items).toHaveLength(0);
    const orders = (adapters as FakeAdapterSet).orders.book.ordersOf(DEMO_USER_ID);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ paymentMethod: 'card-on-delivery', status: 'placed' });
  });

  it('sends nothing without items or without an address, and says why', async () => {
    const { user, adapters } = await renderScreen(<CheckoutPage />, { route: '/check-out', setup: signIn });
    await user.click(screen.getByRole('button', { name: 'Check Out' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Your cart is empty. Add products before checking out.');
    expect((adapters as FakeAdapterSet).orders.book.ordersOf(DEMO_USER_ID)).toHaveLength(0);
  });

  it('asks for a billing address before sending', async () => {
    const { user, adapters } = await renderScreen(<CheckoutPage />, {
      route: '/check-out',
      setup: signIn,
      adapters: { cartStorage: cart() },
    });
    await user.click(within(box('Billing Address')).getByRole('button', { name: 'Remove Billing Address' }));
    await user.click(screen.getByRole('button', { name: 'Check Out' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose a billing address.');
    expect((adapters as FakeAdapterSet).orders.book.ordersOf(DEMO_USER_ID)).toHaveLength(0);
  });

  it('after a network error the cart stays, and a retry places one order', async () => {
    const { user, services, adapters } = await renderScreen(<CheckoutPage />, {
      route: '/check-out',
      setup: signIn,
      adapters: { cartStorage: cart() },
    });
    const fakes = adapters as FakeAdapterSet;
    await acceptContract(user);
    fakes.orders.server.failWith = 'network';
    await user.click(screen.getByRole('button', { name: 'Check Out' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your order could not be sent.');
    expect(services.get(CORE.cart).items).toHaveLength(1);
    fakes.orders.server.failWith = undefined;
    await user.click(screen.getByRole('button', { name: 'Check Out' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/orders\//));
    expect(fakes.orders.book.ordersOf(DEMO_USER_ID)).toHaveLength(1);
  });

  it("D25: shows each line's variant; a 409 for stock shows the server's message and keeps the cart and the tick", async () => {
    const [first, second] = [variantLine('Basic Pamuklu Tişört', 1), variantLine('Kadın Çiçek Desenli Midi Elbise', 2)];
    const { user, services, adapters } = await renderScreen(<CheckoutPage />, {
      route: '/check-out',
      setup: signIn,
      adapters: { cartStorage: new MemoryCartStorage([first, second]) },
    });
    const items = screen.getByRole('region', { name: 'Items in your cart' });
    expect(within(items).getByText(first.variantLabel!)).toBeInTheDocument();
    expect(within(items).getByText(second.variantLabel!)).toBeInTheDocument();
    await acceptContract(user);
    const message = notEnoughStockMessage({ prodName: second.prodName, variantLabel: second.variantLabel, left: 1 });
    (adapters as FakeAdapterSet).orders.server.failWith = { status: 409, message };
    await user.click(screen.getByRole('button', { name: 'Check Out' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(services.get(CORE.cart).items).toHaveLength(2);
    expect(screen.getByRole('checkbox', { name: ACCEPT })).toBeChecked();
    expect(screen.getByTestId('location')).toHaveTextContent('/check-out');
  });

  it('D24: shows the pre-information form and the distance sales contract for this cart, each readable in full', async () => {
    const { user } = await renderScreen(<CheckoutPage />, { route: '/check-out', setup: signIn, adapters: { cartStorage: cart() } });
    const section = screen.getByRole('region', { name: 'Ön Bilgilendirme Formu ve Mesafeli Satış Sözleşmesi' });
    const box = await within(section).findByRole('checkbox', { name: ACCEPT });
    expect(box).not.toBeChecked();
    const [line] = cart().load();
    for (const title of ['Ön Bilgilendirme Formu', 'Mesafeli Satış Sözleşmesi']) {
      const summary = within(section).getByText(title, { selector: 'summary' });
      await user.click(summary);
      const details = summary.closest('details');
      expect(details).toHaveAttribute('open');
      expect(details).toHaveTextContent(line!.prodName);
      expect(details).toHaveTextContent('14 (on dört) gün');
    }
  });

  it('D24: Check Out without the box ticked sends nothing and says what is missing', async () => {
    const { user, adapters } = await renderScreen(<CheckoutPage />, {
      route: '/check-out',
      setup: signIn,
      adapters: { cartStorage: cart() },
    });
    await screen.findByRole('checkbox', { name: ACCEPT });
    await user.click(screen.getByRole('button', { name: 'Check Out' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please read and accept the Pre-Information Form and the Distance Sales Contract to place your order.',
    );
    expect(screen.getByRole('button', { name: 'Check Out' })).toHaveAccessibleDescription(/Please read and accept/);
    expect((adapters as FakeAdapterSet).orders.book.ordersOf(DEMO_USER_ID)).toHaveLength(0);
  });

  it('D24: without both addresses the documents wait for them', async () => {
    const { user } = await renderScreen(<CheckoutPage />, { route: '/check-out', setup: signIn, adapters: { cartStorage: cart() } });
    await screen.findByRole('checkbox', { name: ACCEPT });
    await user.click(within(box('Shipping Address')).getByRole('button', { name: 'Remove Shipping Address' }));
    expect(
      await screen.findByText('Choose both addresses to see the pre-information form and the distance sales contract for this order.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: ACCEPT })).not.toBeInTheDocument();
  });
});
