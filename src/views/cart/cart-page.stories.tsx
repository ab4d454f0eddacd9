import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { type ReactNode, useLayoutEffect } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { demoProducts, toProduct } from '../../adapters/fake/demo-catalog';
import { cartWith, demoCart, signIn } from '../../../.storybook/fixtures/shop';
import { AsServerRendered } from '../hydration';
import { CartPage } from './cart-page';

const pricey = demoProducts.find((product) => (product.prodPrice ?? 0) > 20000)!;

const meta = {
  title: 'Screens/Cart',
  component: CartPage,
  parameters: { route: '/cart', adapters: cartWith(demoCart()) },
} satisfies Meta<typeof CartPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithItems: Story = {};
export const Empty: Story = { parameters: { adapters: cartWith([]) } };
export const FreeShipping: Story = { parameters: { adapters: cartWith([{ ...toProduct(pricey), quantity: 1 }]) } };
export const LoggedIn: Story = { parameters: { setup: signIn } };
export const Mobile: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };

/** The stepper stops at 1; + raises the quantity and the summary follows. */
export const StepperFloor: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [, second] = demoCart();
    const stepper = within(canvas.getByRole('group', { name: `Quantity: ${second!.prodName}` }));
    await expect(stepper.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    await userEvent.click(stepper.getByRole('button', { name: 'Increase quantity' }));
    await expect(stepper.getByRole('status')).toHaveTextContent('2');
  },
};

/**
 * The marks the first-paint script (src/first-paint.ts, D20) sets on <html> from the stored cart,
 * for as long as the story shows.
 */
function StoredCartMarks({ lines, quantity, children }: { lines: number; quantity: number; children: ReactNode }) {
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.dataset.cart = lines > 0 ? 'filled' : 'empty';
    root.style.setProperty('--cart-lines', String(lines));
    root.style.setProperty('counter-reset', `cart-quantity ${quantity}`);
    return () => {
      delete root.dataset.cart;
      root.style.removeProperty('--cart-lines');
      root.style.removeProperty('counter-reset');
    };
  }, [lines, quantity]);
  return children;
}

/** The page as first painted (before hydration) over a stored cart of `lines` lines and `quantity` items. */
function firstPaintWith(lines: number, quantity: number): Decorator {
  return (Story) => (
    <StoredCartMarks lines={lines} quantity={quantity}>
      <AsServerRendered>
        <Story />
      </AsServerRendered>
    </StoredCartMarks>
  );
}

/** The first paint of /cart with three stored lines (D20): room for the three lines, no empty text, no zero total. */
export const FirstPaintWithStoredCart: Story = {
  decorators: [firstPaintWith(3, 6)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Your cart is empty.')).not.toBeVisible();
    const placeholder = canvasElement.querySelector('.cart-page__placeholder');
    // Three lines of 150 px and the two gaps between them.
    await expect(placeholder?.getBoundingClientRect().height).toBe(3 * 150 + 2 * 12);
    // What is rendered (innerText): the empty cart's figures are there, hidden.
    await expect(canvas.getByRole('complementary', { name: 'Order Summary' }).innerText).not.toContain('$0.00');
  },
};

/** The first paint of /cart with nothing stored: the empty cart, true at once. */
export const FirstPaintEmpty: Story = {
  decorators: [firstPaintWith(0, 0)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Your cart is empty.')).toBeVisible();
    await expect(canvasElement.querySelector('.cart-page__placeholder')).not.toBeVisible();
  },
};
