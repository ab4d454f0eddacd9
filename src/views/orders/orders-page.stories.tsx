import type { Meta, StoryObj } from '@storybook/react-vite';
import { signIn } from '../../../.storybook/fixtures/shop';
import { OrdersPage } from './orders-page';

const meta = {
  title: 'Screens/Orders',
  component: OrdersPage,
  parameters: { route: '/orders', setup: signIn },
} satisfies Meta<typeof OrdersPage>;

export default meta;
export const Default: StoryObj<typeof meta> = {};
