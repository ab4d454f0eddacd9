import type { Meta, StoryObj } from '@storybook/react-vite';
import { emptyCatalogGateway, failingCatalogGateway, pendingCatalogGateway } from '../../adapters/fake/fake-catalog-gateway';
import { ProductListPage } from './product-list-page';
import { catalogWithTeapots } from '../../../../.storybook/fixtures/shop';

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
/** Sorting and paging (D18): order and page in the URL, 24 a page. */
export const SortedByPrice: Story = { parameters: { route: '/productlist/1?sort=price-asc' } };
export const SecondPage: Story = { parameters: { route: '/productlist/2?sort=price-desc&page=2', adapters: catalogWithTeapots() } };
export const PastLastPage: Story = { parameters: { route: '/productlist/1?page=9' } };
