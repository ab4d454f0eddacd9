import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { demoProducts, toProduct } from '../../adapters/fake/demo-catalog';
import { failingCatalogGateway, pendingCatalogGateway } from '../../adapters/fake/fake-catalog-gateway';
import { MemoryRecentlyViewedStorage } from '../../adapters/fake/memory-storage';
import { viewedProductOf } from '@shop/core/domain/recently-viewed';
import type { AdapterSet } from '../../di/tokens';
import { ProductSuggestions } from './product-suggestions';

/** The product on the page: the demo catalogue's first. */
const product = toProduct(demoProducts[0]!);
/** Products this browser showed before, newest first (one of them the product on the page, which is not shown). */
const viewed = [demoProducts[5]!, demoProducts[0]!, demoProducts[40]!, demoProducts[90]!].map((each) => viewedProductOf(toProduct(each)));

type SuggestionArgs = {
  related: 'products' | 'loading' | 'error';
  /** How many products the browser remembers having shown (the product on the page among them). */
  viewed: number;
};

function adaptersOf(_: AdapterSet, args: Record<string, unknown>): Partial<AdapterSet> {
  const { related = 'products', viewed: count = 0 } = args as Partial<SuggestionArgs>;
  return {
    recentlyViewed: new MemoryRecentlyViewedStorage(viewed.slice(0, count)),
    ...(related === 'loading' ? { catalog: pendingCatalogGateway() } : {}),
    ...(related === 'error' ? { catalog: failingCatalogGateway('Network error') } : {}),
  };
}

const meta = {
  title: 'Product/Related and recently viewed',
  args: { related: 'products', viewed: 0 },
  argTypes: {
    related: { control: 'inline-radio', options: ['products', 'loading', 'error'], description: 'How the related products call answers' },
    viewed: { control: { type: 'range', min: 0, max: viewed.length, step: 1 }, description: 'Products the browser showed before' },
  },
  parameters: { adapters: adaptersOf },
  render: () => <ProductSuggestions product={product} />,
  decorators: [
    (Story) => (
      <div className="product-page" style={{ padding: 24, maxWidth: 1040 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<SuggestionArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const cardNames = (section: HTMLElement) =>
  within(section)
    .queryAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

/** Related products of the same category first: links to their pages. */
export const RelatedLoaded: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const section = (await canvas.findByRole('heading', { level: 2, name: 'Related Products' })).closest('section')!;
    await expect(await within(section).findAllByRole('article')).not.toHaveLength(0);
    await expect(cardNames(section)).not.toContain(product.prodName);
    await expect(canvas.queryByRole('heading', { level: 2, name: 'Recently Viewed' })).toBeNull();
  },
};

export const RelatedLoading: Story = {
  args: { related: 'loading' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading products...')).toBeInTheDocument();
  },
};

export const RelatedError: Story = {
  args: { related: 'error' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Error fetching products: Network error')).toBeInTheDocument();
  },
};

/** Products viewed before, newest first, without the product on the page. */
export const RecentlyViewedWithItems: Story = {
  args: { viewed: viewed.length },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const section = (await canvas.findByRole('heading', { level: 2, name: 'Recently Viewed' })).closest('section')!;
    await expect(cardNames(section)).toEqual(viewed.filter((entry) => entry.id !== product._id).map((entry) => entry.name));
  },
};

/** Nothing viewed before: no Recently Viewed section at all. */
export const RecentlyViewedEmpty: Story = {
  args: { viewed: 0 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 2, name: 'Related Products' });
    await expect(canvas.queryByRole('heading', { level: 2, name: 'Recently Viewed' })).toBeNull();
  },
};
