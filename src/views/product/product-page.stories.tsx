import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { demoProducts } from '../../adapters/fake/demo-catalog';
import { failingCatalogGateway, pendingCatalogGateway } from '../../adapters/fake/fake-catalog-gateway';
import { AsServerRendered } from '../hydration';
import { ProductPage } from './product-page';

const withGallery = demoProducts.find((product) => product.images.length === 3 && product.prodDescription)!;
const unpriced = demoProducts.find((product) => product.prodPrice === undefined)!;

const meta = {
  title: 'Screens/Product page',
  component: ProductPage,
  parameters: { route: `/product/${withGallery._id}`, path: '/product/:id' },
} satisfies Meta<typeof ProductPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};
export const WithoutPrice: Story = { parameters: { route: `/product/${unpriced._id}` } };
export const Loading: Story = { parameters: { adapters: { catalog: pendingCatalogGateway() } } };
/** While the pictures are being cropped, the gallery shows the product's own. */
export const CroppingImages: Story = { parameters: { adapters: { imageCropper: { crop: () => new Promise<string>(() => {}) } } } };
/** As the server renders it (D17), until the page is hydrated: the gallery's frame with the first picture, where the slide will be. */
export const AsRenderedOnTheServer: Story = {
  decorators: [
    (Story) => (
      <AsServerRendered>
        <Story />
      </AsServerRendered>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const picture = await canvas.findByRole('img', { name: `${withGallery.prodName} 1` });
    await expect(picture).toHaveClass('gallery-frame__image');
    await expect(canvas.queryByRole('button', { name: 'Next image' })).toBeNull();
  },
};
export const Error: Story = { parameters: { adapters: { catalog: failingCatalogGateway('Network error') } } };
export const NotFound: Story = { parameters: { route: '/product/unknown-product' } };
export const Mobile: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };
