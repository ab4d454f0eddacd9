import type { Meta, StoryObj } from '@storybook/react-vite';
import { observer } from 'mobx-react-lite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ADDRESS } from '../../../di/modules/address-module';
import { useStore } from '../../../di/react';
import type { ServiceContainer } from '../../../di/react';
import type { AdapterSet } from '../../../di/tokens';
import { onAPage } from '../../../../../.storybook/fixtures/on-a-page';
import { signIn } from '../../../../../.storybook/fixtures/shop';
import { LocationSelects } from './location-selects';
import './address-form.css';

/** The selects of the new-address draft, as the address form shows them. */
const NewAddressSelects = observer(function NewAddressSelects() {
  const draft = useStore(ADDRESS.book).newAddress;
  return draft ? (
    <div className="address-form">
      <LocationSelects draft={draft} />
    </div>
  ) : null;
});

function withNewAddress(services: ServiceContainer, adapters: AdapterSet) {
  signIn(services, adapters);
  services.get(ADDRESS.book).addNew();
}

const meta = {
  title: 'Profile/Address form/Cascading selects',
  component: NewAddressSelects,
  decorators: [onAPage],
  parameters: { route: '/profile', setup: withNewAddress },
} satisfies Meta<typeof NewAddressSelects>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Blank: Story = {};

/** City -> district -> neighbourhood; a new city clears the two below it. */
export const ChooseCityDistrictNeighbourhood: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const city = canvas.getByRole('combobox', { name: 'City' });
    const district = canvas.getByRole('combobox', { name: 'District' });
    const neighbour = canvas.getByRole('combobox', { name: 'Neighbourhood' });
    await waitFor(() => expect(within(city).getByRole('option', { name: 'İstanbul' })).toBeInTheDocument());
    await userEvent.selectOptions(city, 'İstanbul');
    await waitFor(() => expect(within(district).getByRole('option', { name: 'Beşiktaş' })).toBeInTheDocument());
    await userEvent.selectOptions(district, 'Beşiktaş');
    await waitFor(() => expect(within(neighbour).getByRole('option', { name: 'Bebek' })).toBeInTheDocument());
    await userEvent.selectOptions(neighbour, 'Bebek');
    await expect(neighbour).toHaveValue('340203');
    await userEvent.selectOptions(city, 'Ankara');
    await expect(district).toHaveValue('');
    await expect(neighbour).toHaveValue('');
  },
};
