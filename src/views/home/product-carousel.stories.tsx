import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { demoProducts } from '../../adapters/fake/demo-catalog';
import { FakeCatalogGateway, failingCatalogGateway, pendingCatalogGateway } from '../../adapters/fake/fake-catalog-gateway';
import { ProductCarousel } from './product-carousel';

const six = demoProducts.slice(0, 6).map((product) => ({ ...product, collections: ['new' as const] }));

function visibleNames(canvasElement: HTMLElement): string[] {
  return within(canvasElement)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent ?? '');
}

const meta = {
  title: 'Home/Product carousel',
  component: ProductCarousel,
  args: { collection: 'new', title: 'Yeni' },
  parameters: { adapters: { catalog: new FakeCatalogGateway({ products: six }) } },
  decorators: [
    (Story) => (
      <div style={{ padding: 24, maxWidth: 1040 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ProductCarousel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};
export const Loading: Story = { parameters: { adapters: { catalog: pendingCatalogGateway() } } };
export const Error: Story = { parameters: { adapters: { catalog: failingCatalogGateway('Network error') } } };
export const Empty: Story = { parameters: { adapters: { catalog: new FakeCatalogGateway({ products: [] }) } } };

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
