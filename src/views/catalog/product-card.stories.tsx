import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { demoProducts, toProduct } from '../../adapters/fake/demo-catalog';
import { CORE } from '../../di/modules/core-module';
import { ProductCard } from './product-card';

const priced = toProduct(demoProducts[0]!);
const unpriced = toProduct(demoProducts.find((product) => product.prodPrice === undefined)!);

const meta = {
  title: 'Catalog/Product card',
  component: ProductCard,
  args: { product: priced },
  decorators: [
    (Story) => (
      <div style={{ padding: 24 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ProductCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithoutPrice: Story = { args: { product: unpriced } };
export const WithoutImage: Story = { args: { product: { ...priced, images: [] } } };

/** Add to Cart adds the product and stays on the page. */
export const AddToCart: Story = {
  play: async ({ canvasElement, loaded }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Add to Cart' }));
    const services = loaded.services as { get: (token: typeof CORE.cart) => { totalQuantity: number } };
    await expect(services.get(CORE.cart).totalQuantity).toBe(1);
    await expect(canvas.getByRole('link', { name: new RegExp(priced.prodName) })).toBeInTheDocument();
  },
};
