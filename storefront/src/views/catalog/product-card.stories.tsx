import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { demoProducts, toProduct } from '../../adapters/fake/demo-catalog';
import { CORE } from '../../di/modules/core-module';
import { formatPrice } from '../../texts/money-format';
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
  /** D25: whether the shop tracks the product's stock, and how many are left. */
  tracked: boolean;
  stock: number;
  /** D25: the product has options (sizes, colours): Add to Cart opens its page. */
  options: boolean;
}

const meta = {
  title: 'Catalog/Product card',
  args: {
    name: priced.prodName,
    priced: true,
    price: priced.prodPrice ?? 0,
    picture: true,
    hidden: false,
    tracked: false,
    stock: 10,
    options: false,
  },
  argTypes: {
    name: { control: 'text', description: 'The product’s name (one line, cut with an ellipsis)' },
    priced: { control: 'boolean', description: 'Has a price (else N/A)' },
    price: { control: { type: 'number', min: 0, step: 0.01 }, description: 'Dollars', if: { arg: 'priced' } },
    picture: { control: 'boolean', description: 'Has a picture' },
    hidden: { control: 'boolean', description: 'Off a carousel’s view: hidden from assistive technology and not focusable' },
    tracked: { control: 'boolean', description: 'The shop tracks its stock (else always available)' },
    stock: {
      control: { type: 'number', min: 0, step: 1 },
      description: 'Units left: 0 Stokta yok, 1-3 Son N ürün',
      if: { arg: 'tracked' },
    },
    options: { control: 'boolean', description: 'Has options (Beden, Renk): Add to Cart opens the product page' },
  },
  render: ({ name, priced: hasPrice, price, picture, hidden, tracked, stock, options }) => {
    const { prodPrice: _, ...product } = priced;
    return (
      <ProductCard
        product={{
          ...product,
          prodName: name,
          ...(hasPrice ? { prodPrice: price } : {}),
          images: picture ? priced.images : [],
          ...(tracked ? { prodStock: stock } : {}),
          ...(options ? { prodOptions: [{ name: 'Beden', values: ['S', 'M', 'L'] }] } : {}),
        }}
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

/** D25: sold out: 'Stokta yok' on the price's row, Add to Cart disabled. */
export const SoldOut: Story = {
  args: { tracked: true, stock: 0 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Stokta yok')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  },
};

/** D25: few left: 'Son 2 ürün' beside the price; the card keeps its height. */
export const LowStock: Story = {
  args: { tracked: true, stock: 2 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const note = canvas.getByText('Son 2 ürün');
    const price = canvas.getByText(formatPrice(priced.prodPrice)!);
    await expect(note).toBeVisible();
    await expect(Math.abs(note.getBoundingClientRect().top - price.getBoundingClientRect().top)).toBeLessThan(8);
  },
};

/** D25: a product with options: Add to Cart opens the product page, where a size is chosen. */
export const WithOptions: Story = {
  args: { options: true, tracked: true, stock: 24 },
  play: async ({ canvasElement }) => {
    const add = within(canvasElement).getByRole('link', { name: 'Add to Cart' });
    await expect(add).toHaveAttribute('href', `/product/${priced._id}`);
  },
};
