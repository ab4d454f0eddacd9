import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { demoProducts, toProduct } from '../../adapters/fake/demo-catalog';
import { CORE } from '../../di/modules/core-module';
import { ProductCard } from './product-card';

const priced = toProduct(demoProducts[0]!);

/** What a designer varies on a card (Controls): its name, price and picture, and whether a carousel hides it. */
interface CardArgs {
  name: string;
  /** Without a price the card reads N/A. */
  priced: boolean;
  price: number;
  /** Without a picture the card keeps its place with a blank one. */
  picture: boolean;
  hidden: boolean;
}

const meta = {
  title: 'Catalog/Product card',
  args: { name: priced.prodName, priced: true, price: priced.prodPrice ?? 0, picture: true, hidden: false },
  argTypes: {
    name: { control: 'text', description: 'The product’s name (one line, cut with an ellipsis)' },
    priced: { control: 'boolean', description: 'Has a price (else N/A)' },
    price: { control: { type: 'number', min: 0, step: 0.01 }, description: 'Dollars', if: { arg: 'priced' } },
    picture: { control: 'boolean', description: 'Has a picture' },
    hidden: { control: 'boolean', description: 'Off a carousel’s view: hidden from assistive technology and not focusable' },
  },
  render: ({ name, priced: hasPrice, price, picture, hidden }) => {
    const { prodPrice: _, ...product } = priced;
    return (
      <ProductCard
        product={{ ...product, prodName: name, ...(hasPrice ? { prodPrice: price } : {}), images: picture ? priced.images : [] }}
        hidden={hidden}
      />
    );
  },
  decorators: [
    (Story) => (
      <div style={{ padding: 24 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<CardArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithoutPrice: Story = { args: { priced: false } };
export const WithoutImage: Story = { args: { picture: false } };
/** A long name and a six-figure price: the name is cut, the price and Add to Cart keep their rows. */
export const LongNameAndPrice: Story = {
  args: { name: 'Çok Amaçlı Paslanmaz Çelik Düdüklü Tencere Seti 5 Parça', price: 149_999.9 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const price = canvas.getByText('$149,999.90');
    const add = canvas.getByRole('button', { name: 'Add to Cart' });
    // The button has a row of its own: it never covers the price (nor the picture above).
    await expect(add.getBoundingClientRect().top).toBeGreaterThanOrEqual(price.getBoundingClientRect().bottom);
  },
};

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
