import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ComponentProps } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { demoProducts } from '../../adapters/fake/demo-catalog';
import { FakeCatalogGateway, failingCatalogGateway, pendingCatalogGateway } from '../../adapters/fake/fake-catalog-gateway';
import type { AdapterSet } from '../../di/tokens';
import { ProductCarousel } from './product-carousel';

const six = demoProducts.slice(0, 6).map((product) => ({ ...product, collections: ['new' as const] }));

function visibleNames(canvasElement: HTMLElement): string[] {
  return within(canvasElement)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent ?? '');
}

/** The carousel's props, and what its catalogue answers (Controls: a designer varies both). */
type CarouselArgs = ComponentProps<typeof ProductCarousel> & {
  /** How many products of the collection the catalogue has. */
  products: number;
  answer: 'products' | 'loading' | 'error';
};

/** The catalogue as the Controls say: so many of the demo's products in the collection, or never answering, or failing. */
function catalogOf(_: AdapterSet, args: Record<string, unknown>): Partial<AdapterSet> {
  const { products = six.length, answer = 'products', collection = 'new' } = args as Partial<CarouselArgs>;
  if (answer === 'loading') return { catalog: pendingCatalogGateway() };
  if (answer === 'error') return { catalog: failingCatalogGateway('Network error') };
  const chosen = demoProducts.slice(0, products).map((product) => ({ ...product, collections: [collection] }));
  return { catalog: new FakeCatalogGateway({ products: chosen }) };
}

const meta = {
  title: 'Home/Product carousel',
  component: ProductCarousel,
  args: { collection: 'new', title: 'Yeni', first: false, products: six.length, answer: 'products' },
  argTypes: {
    collection: { control: 'select', options: ['new', 'popular', 'unusual', 'discounted'], description: 'Which selection it shows (D3)' },
    title: { control: 'text', description: 'Its heading' },
    first: { control: 'boolean', description: 'The top carousel: its first picture is fetched first' },
    products: { control: { type: 'range', min: 0, max: 12, step: 1 }, description: 'How many products the collection has' },
    answer: { control: 'inline-radio', options: ['products', 'loading', 'error'], description: 'How the catalogue answers' },
  },
  parameters: { adapters: catalogOf },
  render: ({ collection, title, first }) => <ProductCarousel collection={collection} title={title} first={first} />,
  decorators: [
    (Story) => (
      <div style={{ padding: 24, maxWidth: 1040 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<CarouselArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};
export const Loading: Story = { args: { answer: 'loading' } };
export const Error: Story = { args: { answer: 'error' } };
export const Empty: Story = { args: { products: 0 } };

/** Six products, four per view: next moves one along and wraps to the start; previous wraps to the end. */
export const NextAndPreviousWrap: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findAllByRole('article');
    const names = six.map((product) => product.prodName);
    const perView = visibleNames(canvasElement).length;
    const last = names.length - perView;
    await expect(visibleNames(canvasElement)).toEqual(names.slice(0, perView));
    for (let step = 1; step <= last; step += 1) {
      await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    }
    await expect(visibleNames(canvasElement)).toEqual(names.slice(last, last + perView));
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(visibleNames(canvasElement)).toEqual(names.slice(0, perView));
    await userEvent.click(canvas.getByRole('button', { name: 'Previous' }));
    await expect(visibleNames(canvasElement)).toEqual(names.slice(last, last + perView));
  },
};
