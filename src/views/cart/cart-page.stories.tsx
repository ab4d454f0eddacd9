import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { demoProducts, toProduct } from '../../adapters/fake/demo-catalog';
import { cartWith, demoCart, signIn } from '../../../.storybook/fixtures/shop';
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
