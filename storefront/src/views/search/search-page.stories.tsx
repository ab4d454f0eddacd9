import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { failingCatalogGateway, pendingCatalogGateway } from '../../adapters/fake/fake-catalog-gateway';
import { messages } from '../../texts/messages';
import { SearchPage } from './search-page';
import { catalogWithTeapots } from '../../../../.storybook/fixtures/shop';

const meta = {
  title: 'Screens/Search',
  component: SearchPage,
  parameters: { route: '/search?q=kulaklik', path: '/search' },
} satisfies Meta<typeof SearchPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** "kulaklik" (no ı) finds every Kulaklık, best matches first. */
export const Results: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: /Kablosuz Kulak İçi Kulaklık/ })).toBeVisible();
  },
};
export const SortedByPrice: Story = { parameters: { route: '/search?q=kulaklik&sort=price-asc' } };
/** 30 teapots: page 2 of 2, sorted by price. */
export const SecondPage: Story = {
  parameters: { route: '/search?q=caydanlik&sort=price-desc&page=2', adapters: catalogWithTeapots() },
};
/** Choosing an order starts again at page 1 with the new order. */
export const ChooseAnOrder: Story = {
  parameters: { route: '/search?q=caydanlik&page=2', adapters: catalogWithTeapots() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(await canvas.findByRole('combobox', { name: messages.listing.sortLabel }), 'price-desc');
    await expect(await canvas.findByText(messages.listing.page(1, 2))).toBeVisible();
    await expect(canvas.getAllByRole('link', { name: /Çaydanlık/ })[0]).toHaveAccessibleName(/Çaydanlık 30/);
  },
};
export const PastLastPage: Story = { parameters: { route: '/search?q=kulaklik&page=9' } };
export const Empty: Story = { parameters: { route: '/search?q=zzqx' } };
export const NoText: Story = { parameters: { route: '/search' } };
export const Loading: Story = { parameters: { adapters: { catalog: pendingCatalogGateway() } } };
export const Error: Story = { parameters: { adapters: { catalog: failingCatalogGateway('Network error') } } };
export const Mobile: Story = {
  parameters: { adapters: catalogWithTeapots(), route: '/search?q=caydanlik' },
  globals: { viewport: { value: 'phone', isRotated: false } },
};
