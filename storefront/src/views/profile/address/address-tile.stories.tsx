import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { DEMO_HOME_ADDRESS_ID, DEMO_WORK_ADDRESS_ID, demoAddresses } from '../../../adapters/fake/demo-account';
import { NEW_ADDRESS_KEY } from '@shop/core/domain/address-book';
import { ADDRESS } from '../../../di/modules/address-module';
import type { ServiceContainer } from '../../../di/react';
import type { AdapterSet } from '../../../di/tokens';
import { onAPage } from '../../../../../.storybook/fixtures/on-a-page';
import { signIn } from '../../../../../.storybook/fixtures/shop';
import { AddressTile } from './address-tile';

const [home, work] = demoAddresses();
if (!home || !work) throw new Error('The demo user has two addresses');

/** Signed in, with the tile of `address` (or the new one) open for editing. */
const openTile = (address: typeof home | null) => (services: ServiceContainer, adapters: AdapterSet) => {
  signIn(services, adapters);
  const book = services.get(ADDRESS.book);
  if (address) book.toggle(address);
  else book.addNew();
};

const meta = {
  title: 'Profile/Address tile',
  component: AddressTile,
  decorators: [onAPage],
  args: { tileKey: DEMO_HOME_ADDRESS_ID, address: home },
  parameters: { route: '/profile', setup: signIn },
} satisfies Meta<typeof AddressTile>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Collapsed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Edit Ev' })).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.getByText('Moda Caddesi')).toBeVisible();
  },
};

export const Expanded: Story = {
  parameters: { setup: openTile(home) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Edit Ev' })).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByRole('textbox', { name: 'Street or Avenue' })).toHaveValue('Moda Caddesi');
  },
};

/** Key 999: the new, unsaved address, open in edit mode. */
export const NewAddress: Story = {
  args: { tileKey: NEW_ADDRESS_KEY, address: null },
  parameters: { setup: openTile(null) },
};

/** Corporate invoice ticked: tax number, tax office and corporate title show. */
export const CorporateInvoice: Story = {
  args: { tileKey: DEMO_WORK_ADDRESS_ID, address: work },
  parameters: { setup: openTile(work) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'Tax Number' })).toHaveValue('1234567890');
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Corporate invoice' }));
    await expect(canvas.queryByRole('textbox', { name: 'Tax Number' })).toBeNull();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Corporate invoice' }));
    await expect(canvas.getByRole('textbox', { name: 'Tax Number' })).toHaveValue('');
  },
};

export const ExpandedOnPhone: Story = {
  ...Expanded,
  globals: { viewport: { value: 'phone' } },
};
