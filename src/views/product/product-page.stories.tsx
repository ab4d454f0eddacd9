import type { Meta, StoryObj } from '@storybook/react-vite';
import { demoProducts } from '../../adapters/fake/demo-catalog';
import { failingCatalogGateway, pendingCatalogGateway } from '../../adapters/fake/fake-catalog-gateway';
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
export const LoadingImages: Story = { parameters: { adapters: { imageCropper: { crop: () => new Promise<string>(() => {}) } } } };
export const Error: Story = { parameters: { adapters: { catalog: failingCatalogGateway('Network error') } } };
export const NotFound: Story = { parameters: { route: '/product/unknown-product' } };
export const Mobile: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };
