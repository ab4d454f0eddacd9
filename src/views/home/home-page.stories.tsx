import type { Meta, StoryObj } from '@storybook/react-vite';
import { emptyCatalogGateway, failingCatalogGateway, pendingCatalogGateway } from '../../adapters/fake/fake-catalog-gateway';
import { HomePage } from './home-page';

const meta = {
  title: 'Screens/Home',
  component: HomePage,
  parameters: { route: '/' },
} satisfies Meta<typeof HomePage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {};
export const Loading: Story = { parameters: { adapters: { catalog: pendingCatalogGateway() } } };
export const Error: Story = { parameters: { adapters: { catalog: failingCatalogGateway('Network error') } } };
export const Empty: Story = { parameters: { adapters: { catalog: emptyCatalogGateway() } } };
export const Mobile: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };
export const Desktop: Story = { globals: { viewport: { value: 'desktop', isRotated: false } } };
