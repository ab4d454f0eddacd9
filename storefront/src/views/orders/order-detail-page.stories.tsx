import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { DEMO_HOME_ADDRESS_ID, DEMO_USER_ID } from '../../adapters/fake/demo-account';
import { demoProducts } from '../../adapters/fake/demo-catalog';
import { FakeOrderGateway } from '../../adapters/fake/fake-order-gateway';
import { createFakeAdapters } from '../../di/fake-adapters';
import { placeDemoOrders } from '../../adapters/fake/fake-world';
import type { ServiceContainer } from '../../di/react';
import type { AdapterSet } from '../../di/tokens';
import { signIn } from '../../../../.storybook/fixtures/shop';
import { ConfirmDialog } from '../layout/confirm-dialog';
import { OrderDetailPage } from './order-detail-page';

/** A fresh fake world gives its first order the same id every time: the route can name it. */
const ORDER_ID = placeDemoOrders(createFakeAdapters(), 1)[0] ?? '';

const withOrder =
  (cancelled: number) =>
  (services: ServiceContainer, adapters: AdapterSet): void => {
    placeDemoOrders(adapters, 1, { cancelled });
    signIn(services, adapters);
  };

const meta = {
  title: 'Screens/Order',
  component: OrderDetailPage,
  parameters: { route: `/orders/${ORDER_ID}`, path: '/orders/:id', setup: withOrder(0) },
} satisfies Meta<typeof OrderDetailPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Lines at their prices, both addresses, payment, shipping, total, status and 'Cancel order'. */
export const Placed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Order SF-000001' })).toBeVisible();
    await expect(canvas.getByText('Placed')).toBeVisible();
    await expect(canvas.getByText('Cash on delivery')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Cancel order' })).toBeEnabled();
  },
};

/** D24: the pre-information form and the distance sales contract accepted with the order, shown again. */
export const AcceptedContract: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const section = await canvas.findByRole('region', { name: 'Ön Bilgilendirme Formu ve Mesafeli Satış Sözleşmesi' });
    await expect(section).toHaveTextContent(/Accepted on .* \(text version mss-2026-11-27\)\./);
    const summary = within(section).getByText('Ön Bilgilendirme Formu', { selector: 'summary' });
    await userEvent.click(summary);
    await expect(within(summary.closest('details') as HTMLElement).getByText(/Satıcı: Storefront Demo Ticaret/)).toBeVisible();
  },
};

export const Cancelled: Story = {
  parameters: { setup: withOrder(1) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Cancelled')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  },
};

/** 'Cancel order' asks in the page (D14, the layout's dialog); Yes cancels. */
export const CancelConfirm: Story = {
  decorators: [
    (Story) => (
      <>
        <Story />
        <ConfirmDialog />
      </>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Cancel order' }));
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole('dialog');
    await expect(dialog).toHaveTextContent('Are you sure you want to cancel order SF-000001?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await expect(await canvas.findByText('Cancelled')).toBeVisible();
  },
};

/** Another id (or another user's order): the server's 404. */
export const NotFound: Story = {
  parameters: { route: '/orders/0123456789abcdef01234567' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Error fetching order: Order not found.');
  },
};

export const OnPhone: Story = { globals: { viewport: { value: 'phone' } } };

/** A demo product sold as variants, and one of its variants in stock. */
const shirt = demoProducts.find((product) => product.prodVariants?.some((variant) => variant.stock > 0));
const shirtVariant = shirt?.prodVariants?.find((variant) => variant.stock > 0);

/** D25: a line sold as a variant shows its values under the product's name. */
export const WithVariant: Story = {
  parameters: {
    setup: (services: ServiceContainer, adapters: AdapterSet) => {
      if (!(adapters.orders instanceof FakeOrderGateway) || !shirt || !shirtVariant) throw new Error('no demo variant to order');
      const body = {
        lines: [{ _id: shirt._id, variantId: shirtVariant._id, quantity: 2 }],
        billingAddressId: DEMO_HOME_ADDRESS_ID,
        shippingAddressId: DEMO_HOME_ADDRESS_ID,
        paymentMethod: 'cash-on-delivery',
      };
      adapters.orders.book.place(DEMO_USER_ID, body, 'story-variant-order');
      signIn(services, adapters);
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const lines = await canvas.findByRole('table', { name: 'Order lines' });
    await expect(within(lines).getByText(shirt?.prodName ?? '')).toBeVisible();
    await expect(within(lines).getByText(shirtVariant?.label ?? '')).toBeVisible();
  },
};
