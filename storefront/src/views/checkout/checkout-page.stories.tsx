import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { never } from '../../adapters/fake/fake-delay';
import { notEnoughStockMessage } from '@shop/core/domain/order';
import { fakeAccountStoreOf } from '../../adapters/fake/fake-world';
import { ADDRESS } from '../../di/modules/address-module';
import type { ServiceContainer } from '../../di/react';
import type { AdapterSet } from '../../di/tokens';
import { cartWith, demoCart, orderServer, placingServer, signIn, variantLine } from '../../../../.storybook/fixtures/shop';
import { CheckoutPage } from './checkout-page';

/** Two of a demo product's variant in stock (D25). */
const shirt = variantLine('Basic Pamuklu Tişört', 2);

function signInWithoutAddresses(services: ServiceContainer, adapters: AdapterSet) {
  const record = fakeAccountStoreOf(adapters).findByEmail('demo@example.com');
  if (record) record.user.address = [];
  signIn(services, adapters);
}

const meta = {
  title: 'Checkout/Checkout page',
  component: CheckoutPage,
  parameters: { route: '/check-out', path: '/check-out', setup: signIn, adapters: () => cartWith(demoCart()) },
} satisfies Meta<typeof CheckoutPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The default address is preselected in both boxes. */
export const WithAddresses: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Remove Billing Address' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Remove Shipping Address' })).toBeVisible();
  },
};

export const WithoutAddresses: Story = {
  parameters: { setup: signInWithoutAddresses },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: '+ Add Billing Address' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: '+ Add Shipping Address' })).toBeVisible();
  },
};

export const EmptyCart: Story = { parameters: { adapters: {} } };

/** The saved-address list behind '+ Add Billing Address'. */
export const ModalOpen: Story = {
  parameters: {
    setup: (services: ServiceContainer, adapters: AdapterSet) => {
      signIn(services, adapters);
      const checkout = services.get(ADDRESS.checkout);
      checkout.clear('billing');
      checkout.open('billing');
    },
  },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole('dialog', { name: 'Billing Address' });
    await expect(within(dialog).getByRole('button', { name: /^Ofis/ })).toBeVisible();
  },
};

export const ModalWithoutAddresses: Story = {
  parameters: { setup: signInWithoutAddresses },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: '+ Add Shipping Address' }));
    const body = within(canvasElement.ownerDocument.body);
    await expect(within(await body.findByRole('dialog')).getByText('No saved addresses found.')).toBeVisible();
  },
};

/** Choosing from the list fills the box. */
export const ChooseShippingAddress: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Remove Shipping Address' }));
    await userEvent.click(canvas.getByRole('button', { name: '+ Add Shipping Address' }));
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(await body.findByRole('dialog')).getByRole('button', { name: /^Ofis/ }));
    await expect(canvas.getByRole('region', { name: 'Shipping Address' })).toHaveTextContent('Ofis');
  },
};

/** A guest is sent to the cart (its Proceed to Checkout offers login or the guest mail). */
export const Guest: Story = {
  parameters: { setup: () => {} },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Navigated away from the story.')).toBeVisible();
  },
};

/** The demo cart, and an order server that answers as told. */
const withOrderServer =
  (options: Parameters<typeof orderServer>[0]) =>
  (base: AdapterSet): Partial<AdapterSet> => ({ ...cartWith(demoCart()), ...orderServer(options)(base) });

/** D19: payment at the door, cash (preselected) or card. */
export const PaymentChoice: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const group = canvas.getByRole('group', { name: 'Payment Method' });
    await expect(within(group).getByRole('radio', { name: 'Cash on delivery' })).toBeChecked();
    await userEvent.click(within(group).getByRole('radio', { name: 'Card on delivery' }));
    await expect(within(group).getByRole('radio', { name: 'Card on delivery' })).toBeChecked();
  },
};

/** The demo cart, the contract rendered at once, and the placing answered as told. */
const withPlacingServer =
  (options: Parameters<typeof placingServer>[0]) =>
  (base: AdapterSet): Partial<AdapterSet> => ({ ...cartWith(demoCart()), ...placingServer(options)(base) });

const ACCEPT = /I have read and accept the Pre-Information Form/;

/** D24: the pre-information form and the distance sales contract for this cart, the box unticked; one document opened. */
export const ContractToAccept: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('checkbox', { name: ACCEPT })).not.toBeChecked();
    const summary = canvas.getByText('Mesafeli Satış Sözleşmesi', { selector: 'summary' });
    await userEvent.click(summary);
    const document = summary.closest('details') as HTMLElement;
    await expect(document).toHaveAttribute('open');
    await expect(within(document).getByText(/14 \(on dört\) gün/)).toBeVisible();
  },
};

/** D24: 'Check Out' with the box unticked sends nothing and says what is missing. */
export const ContractNotAccepted: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('checkbox', { name: ACCEPT });
    await userEvent.click(canvas.getByRole('button', { name: 'Check Out' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Please read and accept the Pre-Information Form and the Distance Sales Contract to place your order.',
    );
  },
};

/** D24: while the documents load. */
export const ContractLoading: Story = {
  parameters: { adapters: withOrderServer({ delay: never }) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading the contract...')).toBeVisible();
  },
};

/** D24: the documents could not be loaded; the shopper can try again. */
export const ContractLoadError: Story = {
  parameters: { adapters: withOrderServer({ failWith: 'network' }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('The contract could not be loaded. Please try again.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try Again' })).toBeEnabled();
  },
};

/** While the order is sent, the button is busy and cannot be pressed again. */
export const Placing: Story = {
  parameters: { adapters: withPlacingServer({ delay: never }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('checkbox', { name: ACCEPT }));
    await userEvent.click(canvas.getByRole('button', { name: 'Check Out' }));
    await expect(await canvas.findByRole('button', { name: 'Placing order...' })).toBeDisabled();
  },
};

/** No answer: nothing placed, the cart stays, and a retry sends the same order again. */
export const PlaceError: Story = {
  parameters: { adapters: withPlacingServer({ failWith: 'network' }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('checkbox', { name: ACCEPT }));
    await userEvent.click(canvas.getByRole('button', { name: 'Check Out' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Your order could not be sent.');
  },
};

/** D25: a line bought as a variant shows its values; the order asks for more than is left: the server's words, the cart kept. */
export const NotEnoughStock: Story = {
  parameters: {
    adapters: (base: AdapterSet): Partial<AdapterSet> => ({
      ...cartWith([shirt, ...demoCart(1)]),
      ...placingServer({ failWith: { status: 409, message: notEnoughStockMessage({ ...shirt, left: 1 }) } })(base),
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'Items in your cart' })).toHaveTextContent(shirt.variantLabel!);
    await userEvent.click(await canvas.findByRole('checkbox', { name: ACCEPT }));
    await userEvent.click(canvas.getByRole('button', { name: 'Check Out' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      `Only 1 of ${shirt.prodName} (${shirt.variantLabel}) left in stock. Please update your cart.`,
    );
    await expect(canvas.getByRole('checkbox', { name: ACCEPT })).toBeChecked();
  },
};

/** Nothing is sent without an address; the page says which one is missing. */
export const MissingAddress: Story = {
  parameters: { setup: signInWithoutAddresses },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Check Out' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Please choose a billing address.');
  },
};

export const OnPhone: Story = { globals: { viewport: { value: 'phone' } } };
export const OnDesktop: Story = { globals: { viewport: { value: 'desktop' } } };
