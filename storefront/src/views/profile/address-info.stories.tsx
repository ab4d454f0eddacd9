import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { fakeAccountStoreOf } from '../../adapters/fake/fake-world';
import type { ServiceContainer } from '../../di/react';
import type { AdapterSet } from '../../di/tokens';
import { signIn } from '../../../../.storybook/fixtures/shop';
import { AddressInfo } from './address-info';

/** The demo user, signed in with no saved addresses. */
function signInWithoutAddresses(services: ServiceContainer, adapters: AdapterSet) {
  const record = fakeAccountStoreOf(adapters).findByEmail('demo@example.com');
  if (record) record.user.address = [];
  signIn(services, adapters);
}

const meta = {
  title: 'Profile/Address Info',
  component: AddressInfo,
  decorators: [
    (Story) => (
      <section className="page" aria-labelledby="address-info-title">
        <h2 id="address-info-title">Address Info</h2>
        <Story />
      </section>
    ),
  ],
  parameters: { route: '/profile', setup: signIn },
} satisfies Meta<typeof AddressInfo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The demo user's two addresses, newest first. */
export const List: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const headings = canvas.getAllByRole('heading', { level: 3 });
    await expect(headings.map((heading) => heading.textContent)).toEqual(['Ofis', 'Ev']);
  },
};

export const Empty: Story = {
  parameters: { setup: signInWithoutAddresses },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No addresses found.')).toBeVisible();
  },
};

/** 'Add New Address': the blank tile (key 999) opens in edit mode on top. */
export const AddingNew: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Add New Address' }));
    const tile = canvas.getByRole('article', { name: 'New Address' });
    await expect(within(tile).getByRole('textbox', { name: 'Address Name' })).toHaveValue('');
  },
};

export const ListOnPhone: Story = { globals: { viewport: { value: 'phone' } } };
export const ListOnDesktop: Story = { globals: { viewport: { value: 'desktop' } } };
