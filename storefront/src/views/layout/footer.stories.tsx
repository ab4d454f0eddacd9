import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { failingCatalogGateway } from '../../adapters/fake/fake-catalog-gateway';
import { FAKE_SELLER } from '../../adapters/fake/fake-contract';
import { messages } from '../../texts/messages';
import { Footer } from './footer';

const meta = { title: 'Layout/Footer', component: Footer, parameters: { route: '/' } } satisfies Meta<typeof Footer>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The seller of the settings (D24) under the links, with the privacy notice and the terms among them. */
export const WithSeller: Story = {
  play: async ({ canvasElement }) => {
    const seller = within(await within(canvasElement).findByRole('region', { name: messages.legal.sellerLabel }));
    await expect(seller.getByText(messages.legal.mersis(FAKE_SELLER.mersis))).toBeVisible();
    await expect(seller.getByRole('link', { name: FAKE_SELLER.email })).toBeVisible();
    await expect(within(canvasElement).getByRole('link', { name: messages.legal.privacyTitle })).toBeVisible();
  },
};
export const Phone: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };
/** The API could not be reached: the footer without the seller's line. */
export const SellerUnavailable: Story = { parameters: { adapters: { catalog: failingCatalogGateway('Network error') } } };
