import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { emptyCatalogGateway, failingCatalogGateway, pendingCatalogGateway } from '../../adapters/fake/fake-catalog-gateway';
import { asServerRendered } from '../../../../.storybook/fixtures/server-rendered';
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
/** As the server renders it (D17), until the page is hydrated: each carousel's first view of four cards. */
export const AsRenderedOnTheServer: Story = {
  decorators: [asServerRendered],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findAllByRole('article');
    await expect(canvasElement.querySelectorAll('.carousel__item')).toHaveLength(4 * 4);
  },
};
