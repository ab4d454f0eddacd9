import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { failingCatalogGateway, pendingCatalogGateway } from '../../adapters/fake/fake-catalog-gateway';
import { messages } from '../../texts/messages';
import { PrivacyPage, TermsPage } from './legal-pages';

/** The shop's legal texts (D24): /privacy and /terms, each loaded, loading and failed. */
const meta = {
  title: 'Screens/Legal',
  component: PrivacyPage,
  parameters: { route: '/privacy' },
} satisfies Meta<typeof PrivacyPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Privacy: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 2, name: /Aydınlatma Metni/ })).toBeVisible();
    await expect(canvas.getByText(messages.legal.version('kvkk-2026-11-27'))).toBeVisible();
  },
};
export const PrivacyPhone: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };
export const Terms: Story = {
  render: () => <TermsPage />,
  parameters: { route: '/terms' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Mesafeli Satış Sözleşmesi')).toBeVisible();
    await expect(canvas.getByText('Ön Bilgilendirme Formu')).toBeVisible();
  },
};
export const Loading: Story = { parameters: { adapters: { catalog: pendingCatalogGateway() } } };
export const Error: Story = { parameters: { adapters: { catalog: failingCatalogGateway('Network error') } } };
