import type { Meta, StoryObj } from '@storybook/react-vite';
import { emptyCatalogGateway, failingCatalogGateway, pendingCatalogGateway } from '../../adapters/fake/fake-catalog-gateway';
import { ProductListPage } from './product-list-page';

const meta = {
  title: 'Screens/Product list',
  component: ProductListPage,
  parameters: { route: '/productlist/1', path: '/productlist/:catId?' },
} satisfies Meta<typeof ProductListPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Elektronik: products of its children and grandchildren too. */
export const Category: Story = {};
export const AllProducts: Story = { parameters: { route: '/productlist/' } };
export const Loading: Story = { parameters: { adapters: { catalog: pendingCatalogGateway() } } };
export const Error: Story = { parameters: { adapters: { catalog: failingCatalogGateway('Network error') } } };
export const Empty: Story = { parameters: { adapters: { catalog: emptyCatalogGateway() } } };
export const Mobile: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };
