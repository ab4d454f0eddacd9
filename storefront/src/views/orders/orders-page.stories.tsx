import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { never } from '../../adapters/fake/fake-delay';
import { placeDemoOrders } from '../../adapters/fake/fake-world';
import type { ServiceContainer } from '../../di/react';
import type { AdapterSet } from '../../di/tokens';
import { orderServer, signIn } from '../../../../.storybook/fixtures/shop';
import { OrdersPage } from './orders-page';

/** The demo user signed in with `count` orders, the newest `cancelled` of them cancelled. */
const withOrders =
  (count: number, cancelled = 0) =>
  (services: ServiceContainer, adapters: AdapterSet) => {
    placeDemoOrders(adapters, count, { cancelled });
    signIn(services, adapters);
  };

const meta = {
  title: 'Screens/Orders',
  component: OrdersPage,
  parameters: { route: '/orders', setup: withOrders(3, 1) },
} satisfies Meta<typeof OrdersPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Date, number, item count, total and status of each order, newest first. */
export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'SF-000003' })).toBeVisible();
    await expect(canvas.getAllByRole('row')).toHaveLength(4);
    await expect(canvas.getByText('Cancelled')).toBeVisible();
  },
};

export const Empty: Story = {
  parameters: { setup: signIn },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('You have no orders yet.')).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { adapters: orderServer({ delay: never }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading orders...');
  },
};

export const LoadError: Story = {
  parameters: { adapters: orderServer({ failWith: { status: 500, message: 'Service unavailable' } }) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Error fetching orders: Service unavailable');
  },
};

/** More than 20 orders: pages of 20. */
export const Paged: Story = {
  parameters: { setup: withOrders(23) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Page 1 of 2')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(await canvas.findByText('Page 2 of 2')).toBeVisible();
    await expect(canvas.getAllByRole('row')).toHaveLength(4);
  },
};

/** A guest sees the placeholder. */
export const Guest: Story = { parameters: { setup: () => {} } };

export const OnPhone: Story = { globals: { viewport: { value: 'phone' } } };
