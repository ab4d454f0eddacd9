import type { Meta, StoryObj } from '@storybook/react-vite';
import { Route, Routes } from 'react-router-dom';
import { expect, userEvent, within } from 'storybook/test';
import { failingCatalogGateway, pendingCatalogGateway } from '../../adapters/fake/fake-catalog-gateway';
import { HomePage } from '../home/home-page';
import { cartWith, demoCart, signIn } from '../../../../.storybook/fixtures/shop';
import { AppLayout } from './app-layout';

/** The whole frame with the home page inside, as a shopper lands on it. */
function LayoutWithHome() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="*" element={<HomePage />} />
      </Route>
    </Routes>
  );
}

const meta = {
  title: 'Layout/App layout',
  component: LayoutWithHome,
  parameters: { route: '/' },
} satisfies Meta<typeof LayoutWithHome>;

export default meta;
type Story = StoryObj<typeof meta>;

export const LoggedOut: Story = {};

export const LoggedIn: Story = {
  parameters: { setup: signIn },
  play: async ({ canvasElement }) => {
    const menu = within(within(canvasElement).getByRole('navigation', { name: 'Main menu' }));
    await userEvent.click(menu.getByRole('button', { name: 'Profile' }));
    await expect(menu.getByRole('link', { name: 'Edit Profile' })).toBeVisible();
  },
};

export const CartWithItems: Story = {
  parameters: { adapters: cartWith(demoCart()) },
};

export const CategoriesLoading: Story = {
  parameters: { adapters: { catalog: pendingCatalogGateway() } },
};

export const CategoriesError: Story = {
  parameters: { adapters: { catalog: failingCatalogGateway('Network error') } },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
};

export const MobileSidebarOpen: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement }) => {
    const toggle = within(canvasElement).getByRole('button', { name: 'Toggle menu' });
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  },
};

/** Add to Cart on a home card: the alert shows and the cart badge counts it. */
export const AddToCartUpdatesBadge: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const yeni = within(canvas.getByRole('region', { name: 'Yeni' }));
    const [card] = await yeni.findAllByRole('article');
    await userEvent.click(within(card!).getByRole('button', { name: 'Add to Cart' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Product added to cart!');
    await expect(canvas.getByTestId('cart-badge')).toHaveTextContent('1');
  },
};

/** Empty Cart twice: 'Cart is now empty.' then 'Cart is already empty.'. */
export const EmptyCartFromMenu: Story = {
  parameters: { adapters: cartWith(demoCart()) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const menu = within(canvas.getByRole('navigation', { name: 'Main menu' }));
    await userEvent.click(menu.getByRole('button', { name: /^Cart/ }));
    await userEvent.click(menu.getByRole('button', { name: 'Empty Cart' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Cart is now empty.');
  },
};
