import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { type ReactNode, useLayoutEffect } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { demoProducts, toProduct } from '../../adapters/fake/demo-catalog';
import type { CartItem } from '@shop/core/domain/cart-item';
import { cartWith, demoCart, signIn, variantLine } from '../../../../.storybook/fixtures/shop';
import { AsServerRendered } from '../../shell/hydration';
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

const SHIRT = 'Basic Pamuklu Tişört';
const plentyLine = variantLine(SHIRT, 1, (variant) => variant.stock > 5);
const soldOutLine = variantLine(SHIRT, 1, (variant) => variant.stock === 0);
const lowLine = variantLine(
  SHIRT,
  (stock) => stock + 2,
  (variant) => variant.stock > 0 && variant.stock <= 5,
);
const goneLine: CartItem = { _id: 'ffffffffffffffffffffffff', prodName: 'Eski Seri Termos', images: [], prodPrice: 349, quantity: 1 };

const warningOf = (canvasElement: HTMLElement, name: string) =>
  within(canvasElement).getByRole('article', { name }).querySelector('.cart-item__warning');

/** Two variants of one product: two lines, each with its values under the name (D25). */
export const WithVariants: Story = {
  parameters: { adapters: cartWith([plentyLine, { ...lowLine, quantity: 1 }, demoCart(1)[0]!]) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(plentyLine.variantLabel!)).toBeVisible();
    await expect(canvas.getByRole('group', { name: `Quantity: ${SHIRT} (${lowLine.variantLabel})` })).toBeVisible();
  },
};

/** A line whose variant sold out and one whose product left the catalogue: each says so; checkout stays open (D25). */
export const NoLongerAvailable: Story = {
  parameters: { adapters: cartWith([soldOutLine, goneLine, plentyLine]) },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(warningOf(canvasElement, goneLine.prodName)).toHaveTextContent('No longer available'));
    await expect(warningOf(canvasElement, `${SHIRT} ${soldOutLine.variantLabel}`)).toHaveTextContent('Stokta yok');
    await expect(warningOf(canvasElement, `${SHIRT} ${plentyLine.variantLabel}`)).toBeEmptyDOMElement();
    await expect(within(canvasElement).getByRole('button', { name: 'Proceed to Checkout' })).toBeEnabled();
  },
};

/** More in the cart than is left of a variant: 'Only N left' (D25). */
export const LowStock: Story = {
  parameters: { adapters: cartWith([lowLine]) },
  play: async ({ canvasElement }) => {
    const left = lowLine.quantity - 2;
    await waitFor(() => expect(warningOf(canvasElement, `${SHIRT} ${lowLine.variantLabel}`)).toHaveTextContent(`Only ${left} left`));
  },
};

/** The warnings on a phone: one line each, the lines as tall as before they came. */
export const NoLongerAvailableMobile: Story = {
  ...NoLongerAvailable,
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async (context) => {
    await NoLongerAvailable.play!(context);
    const heights = [...context.canvasElement.querySelectorAll('.cart-item')].map((item) => item.getBoundingClientRect().height);
    await expect(new Set(heights).size).toBe(1);
    for (const warning of context.canvasElement.querySelectorAll('.cart-item__warning')) {
      await expect(warning.scrollWidth).toBeLessThanOrEqual(warning.clientWidth);
    }
  },
};

/**
 * The marks the first-paint script (storefront/src/first-paint.ts, D20) sets on <html> from the stored cart,
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
    // Three lines of 188 px and the two gaps between them.
    await expect(placeholder?.getBoundingClientRect().height).toBe(3 * 188 + 2 * 12);
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
