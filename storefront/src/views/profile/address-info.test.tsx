import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../../tests/support/render-screen';
import { DEMO_HOME_ADDRESS_ID, DEMO_WORK_ADDRESS_ID } from '../../adapters/fake/demo-account';
import { FakeAddressGateway } from '../../adapters/fake/fake-address-gateway';
import { fakeAccountStoreOf, signedInSession } from '../../adapters/fake/fake-world';
import { CORE } from '../../di/modules/core-module';
import type { ServiceContainer } from '../../di/react';
import type { AdapterSet } from '../../di/tokens';
import { isServerId } from '@shop/core/domain/address-book';
import { AddressInfo } from './address-info';

function signIn(services: ServiceContainer, adapters: AdapterSet) {
  signedInSession(adapters);
  services.get(CORE.session).start();
}

function signInWithoutAddresses(services: ServiceContainer, adapters: AdapterSet) {
  const store = fakeAccountStoreOf(adapters);
  const record = store.findByEmail('demo@example.com');
  if (record) record.user.address = [];
  signIn(services, adapters);
}

const alertTexts = (services: ServiceContainer) => services.get(CORE.alerts).alerts.map((alert) => alert.message);

async function renderBook(options: { empty?: boolean; adapters?: Partial<AdapterSet> } = {}) {
  const rendered = await renderScreen(<AddressInfo />, {
    setup: options.empty ? signInWithoutAddresses : signIn,
    ...(options.adapters ? { adapters: options.adapters } : {}),
  });
  return rendered;
}

const tiles = () => within(screen.getByRole('list', { name: 'Saved addresses' })).getAllByRole('article');

describe('AddressInfo', () => {
  it("says 'No addresses found.' when the user has none", async () => {
    await renderBook({ empty: true });
    expect(screen.getByText('No addresses found.')).toBeInTheDocument();
  });

  it('lists saved addresses newest first, collapsed, with header and summary', async () => {
    await renderBook();
    const [first, second] = tiles();
    expect(within(first!).getByRole('heading', { name: 'Ofis' })).toBeInTheDocument();
    expect(within(second!).getByRole('heading', { name: 'Ev' })).toBeInTheDocument();
    expect(within(second!).getByText('Deniz Yılmaz')).toBeInTheDocument();
    expect(within(second!).getByText('Home')).toBeInTheDocument();
    for (const line of ['Moda Caddesi', 'Caferağa', 'Kadıköy', 'İstanbul', 'Türkiye', '34710']) {
      expect(within(second!).getByText(line)).toBeInTheDocument();
    }
    const edit = within(second!).getByRole('button', { name: 'Edit Ev' });
    expect(edit).toHaveAttribute('aria-expanded', 'false');
    expect(within(second!).getByRole('button', { name: 'Delete Ev' })).toBeInTheDocument();
    expect(within(second!).queryByRole('textbox', { name: 'Address Name' })).not.toBeInTheDocument();
  });

  it('the edit toggle expands every field of the address and collapses again', async () => {
    const { user } = await renderBook();
    const ofis = tiles()[0]!;
    const edit = within(ofis).getByRole('button', { name: 'Edit Ofis' });
    await user.click(edit);
    expect(edit).toHaveAttribute('aria-expanded', 'true');
    const form = within(ofis);
    expect(form.getByRole('textbox', { name: 'Address Name' })).toHaveValue('Ofis');
    expect(form.getByRole('combobox', { name: 'Address Type' })).toHaveValue('Work');
    expect(form.getByRole('textbox', { name: 'Receiver Name' })).toHaveValue('Deniz Yılmaz');
    expect(form.getByRole('combobox', { name: 'Country Code' })).toHaveValue('+90');
    expect(form.getByRole('textbox', { name: 'Area Code' })).toHaveValue('312');
    expect(form.getByRole('textbox', { name: 'Phone Number' })).toHaveValue('7654321');
    expect(form.getByRole('textbox', { name: 'Address Details' }).tagName).toBe('TEXTAREA');
    expect(form.getByRole('combobox', { name: 'Country' })).toHaveValue('Türkiye');
    expect(form.getByRole('combobox', { name: 'City' })).toHaveValue('06');
    await waitFor(() => expect(form.getByRole('combobox', { name: 'District' })).toHaveValue('601'));
    expect(form.getByRole('combobox', { name: 'Neighbourhood' })).toHaveValue('60101');
    expect(form.getByRole('textbox', { name: 'Street or Avenue' })).toHaveValue('Atatürk Bulvarı');
    expect(form.getByRole('textbox', { name: 'Building' })).toHaveValue('100');
    expect(form.getByRole('textbox', { name: 'Apartment' })).toHaveValue('5');
    expect(form.getByRole('textbox', { name: 'Postal Code' })).toHaveValue('06420');
    expect(form.getByRole('checkbox', { name: 'Default address' })).not.toBeChecked();
    expect(form.getByRole('checkbox', { name: 'Corporate invoice' })).toBeChecked();
    expect(form.getByRole('textbox', { name: 'Tax Number' })).toHaveValue('1234567890');
    expect(form.getByRole('textbox', { name: 'Tax Office' })).toHaveValue('Kavaklıdere');
    expect(form.getByRole('textbox', { name: 'Corporate Title' })).toHaveValue('Demo Ticaret A.Ş.');

    await user.click(edit);
    expect(edit).toHaveAttribute('aria-expanded', 'false');
    expect(within(ofis).queryByRole('textbox', { name: 'Address Name' })).not.toBeInTheDocument();
  });

  it('unticking corporate invoice hides and clears the three corporate fields', async () => {
    const { user } = await renderBook();
    const ofis = tiles()[0]!;
    await user.click(within(ofis).getByRole('button', { name: 'Edit Ofis' }));
    await user.click(within(ofis).getByRole('checkbox', { name: 'Corporate invoice' }));
    expect(within(ofis).queryByRole('textbox', { name: 'Tax Number' })).not.toBeInTheDocument();
    await user.click(within(ofis).getByRole('checkbox', { name: 'Corporate invoice' }));
    expect(within(ofis).getByRole('textbox', { name: 'Tax Number' })).toHaveValue('');
    expect(within(ofis).getByRole('textbox', { name: 'Tax Office' })).toHaveValue('');
    expect(within(ofis).getByRole('textbox', { name: 'Corporate Title' })).toHaveValue('');
  });

  it('Add New Address opens one blank tile in edit mode; Cancel drops it', async () => {
    const { user } = await renderBook();
    const add = screen.getByRole('button', { name: 'Add New Address' });
    await user.click(add);
    const tile = screen.getByRole('article', { name: 'New Address' });
    expect(within(tile).getByRole('button', { name: 'Edit New Address' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(tile).getByRole('textbox', { name: 'Address Name' })).toHaveValue('');
    const type = within(tile).getByRole('combobox', { name: 'Address Type' });
    expect(type).toHaveValue('');
    expect(
      within(type)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select', 'Home', 'Work']);
    expect(add).toBeDisabled();
    await user.click(within(tile).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('article', { name: 'New Address' })).not.toBeInTheDocument();
    expect(tiles()).toHaveLength(2);
  });

  it('keyboard: focus returns to the toggle after Save, and to Add New Address after Cancel', async () => {
    const { user } = await renderBook();
    const edit = screen.getByRole('button', { name: 'Edit Ev' });
    await user.click(edit);
    await user.click(within(tiles()[1]!).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit Ev' })).toHaveFocus());

    const add = screen.getByRole('button', { name: 'Add New Address' });
    await user.click(add);
    await user.click(within(screen.getByRole('article', { name: 'New Address' })).getByRole('button', { name: 'Cancel' }));
    expect(add).toHaveFocus();
  });

  it('phone area code and number take digits only; address details take several lines', async () => {
    const { user } = await renderBook({ empty: true });
    await user.click(screen.getByRole('button', { name: 'Add New Address' }));
    const area = screen.getByRole('textbox', { name: 'Area Code' });
    await user.type(area, '5a3-2');
    expect(area).toHaveValue('532');
    await user.clear(area);
    expect(area).toHaveValue('');
    const main = screen.getByRole('textbox', { name: 'Phone Number' });
    await user.type(main, '12 34x567');
    expect(main).toHaveValue('1234567');
    const details = screen.getByRole('textbox', { name: 'Address Details' });
    await user.type(details, 'Kat 2{Enter}Daire 4');
    expect(details).toHaveValue('Kat 2\nDaire 4');
  });

  it('cascading selects: a city loads its districts, a district its neighbourhoods; changes clear what depends on them', async () => {
    const { user } = await renderBook({ empty: true });
    await user.click(screen.getByRole('button', { name: 'Add New Address' }));
    const city = screen.getByRole('combobox', { name: 'City' });
    const district = screen.getByRole('combobox', { name: 'District' });
    const neighbour = screen.getByRole('combobox', { name: 'Neighbourhood' });
    expect(district).toBeDisabled();
    await waitFor(() => expect(within(city).getByRole('option', { name: 'Ankara' })).toBeInTheDocument());
    await user.selectOptions(city, 'Ankara');
    await waitFor(() => expect(within(district).getByRole('option', { name: 'Çankaya' })).toBeInTheDocument());
    expect(within(district).queryByRole('option', { name: 'Kadıköy' })).not.toBeInTheDocument();
    await user.selectOptions(district, 'Çankaya');
    await waitFor(() => expect(within(neighbour).getByRole('option', { name: 'Kızılay' })).toBeInTheDocument());
    await user.selectOptions(neighbour, 'Bahçelievler');
    expect(neighbour).toHaveValue('60102');

    await user.selectOptions(district, 'Keçiören');
    expect(neighbour).toHaveValue('');
    await user.selectOptions(city, 'İstanbul');
    expect(district).toHaveValue('');
    expect(neighbour).toHaveValue('');
    expect(neighbour).toBeDisabled();
    await waitFor(() => expect(within(district).getByRole('option', { name: 'Kadıköy' })).toBeInTheDocument());
  });

  it('saving a new address shows it at once, closes the form and confirms', async () => {
    const { user, services, adapters } = await renderBook({ empty: true });
    await user.click(screen.getByRole('button', { name: 'Add New Address' }));
    await user.type(screen.getByRole('textbox', { name: 'Address Name' }), 'Yazlık');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Address Type' }), 'Home');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('article', { name: 'New Address' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Address Name' })).not.toBeInTheDocument();
    await waitFor(() => expect(alertTexts(services)).toEqual(['Address information updated successfully!']));
    expect(within(tiles()[0]!).getByRole('heading', { name: 'Yazlık' })).toBeInTheDocument();
    const saved = services.get(CORE.session).user?.address ?? [];
    expect(saved.every((address) => isServerId(address._id))).toBe(true);
    expect(
      fakeAccountStoreOf(adapters)
        .findByEmail('demo@example.com')
        ?.user.address.map((a) => a.addressName),
    ).toEqual(['Yazlık']);
  });

  it('making an address default takes the badge from the other', async () => {
    const { user } = await renderBook();
    const ofis = tiles()[0]!;
    await user.click(within(ofis).getByRole('button', { name: 'Edit Ofis' }));
    await user.click(within(ofis).getByRole('checkbox', { name: 'Default address' }));
    await user.click(within(ofis).getByRole('button', { name: 'Save' }));
    const [first, second] = tiles();
    expect(within(first!).getByText('Default')).toBeInTheDocument();
    expect(within(second!).queryByText('Default')).not.toBeInTheDocument();
  });

  it.each([
    [{ status: 400, message: 'Bad address' }, 'Bad address'],
    [{ status: 400 }, 'Failed to update address information.'],
    ['network' as const, 'An error occurred while updating address information. Please try again.'],
    [{ status: 503, message: 'Service down' }, 'An error occurred while updating address information. Please try again.'],
  ])('a failed save (%o) closes the form, rolls back and shows %s', async (failure, text) => {
    const { user, services, adapters } = await renderBook();
    (adapters.addresses as FakeAddressGateway).server.failWith = failure;
    const ofis = tiles()[0]!;
    await user.click(within(ofis).getByRole('button', { name: 'Edit Ofis' }));
    const name = within(ofis).getByRole('textbox', { name: 'Address Name' });
    await user.clear(name);
    await user.type(name, 'Yeni Ofis');
    await user.click(within(ofis).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(alertTexts(services)).toEqual([text]));
    expect(screen.queryByRole('textbox', { name: 'Address Name' })).not.toBeInTheDocument();
    expect(within(tiles()[0]!).getByRole('heading', { name: 'Ofis' })).toBeInTheDocument();
  });

  it('delete asks first; yes removes the address and confirms', async () => {
    const { user, services } = await renderBook();
    const alerts = services.get(CORE.alerts);
    await user.click(screen.getByRole('button', { name: 'Delete Ev' }));
    expect(alerts.pendingConfirm?.message).toBe('Are you sure you want to delete this address?');
    alerts.answerConfirm(true);
    await waitFor(() => expect(alertTexts(services)).toEqual(['Address deleted successfully!']));
    expect(tiles()).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Ev' })).not.toBeInTheDocument();
  });

  it('delete answered no keeps the address', async () => {
    const { user, services } = await renderBook();
    await user.click(screen.getByRole('button', { name: 'Delete Ev' }));
    services.get(CORE.alerts).answerConfirm(false);
    await waitFor(() => expect(services.get(CORE.alerts).pendingConfirm).toBeNull());
    expect(tiles()).toHaveLength(2);
  });

  it('deleting the new tile removes it locally', async () => {
    const { user, services } = await renderBook();
    await user.click(screen.getByRole('button', { name: 'Add New Address' }));
    await user.click(screen.getByRole('button', { name: 'Delete New Address' }));
    services.get(CORE.alerts).answerConfirm(true);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'New Address' })).not.toBeInTheDocument());
    expect(alertTexts(services)).toEqual([]);
  });

  it.each([
    [{ status: 404, message: 'Address not found' }, 'Address not found'],
    [{ status: 400 }, 'Failed to delete address.'],
    [{ status: 503, message: 'Service down' }, 'An error occurred while deleting the address. Please try again.'],
  ])('a failed delete (%o) brings the address back and shows %s', async (failure, text) => {
    const { user, services, adapters } = await renderBook();
    (adapters.addresses as FakeAddressGateway).server.failWith = failure;
    await user.click(screen.getByRole('button', { name: 'Delete Ev' }));
    services.get(CORE.alerts).answerConfirm(true);
    await waitFor(() => expect(alertTexts(services)).toEqual([text]));
    expect(tiles()).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Ev' })).toBeInTheDocument();
  });

  it('a 401 from the server logs the user out', async () => {
    const { user, services, adapters } = await renderBook();
    (adapters.addresses as FakeAddressGateway).server.failWith = { status: 401, message: 'Unauthorized' };
    await user.click(screen.getByRole('button', { name: 'Delete Ev' }));
    services.get(CORE.alerts).answerConfirm(true);
    await waitFor(() => expect(services.get(CORE.session).isLoggedIn).toBe(false));
  });

  it('the keys of the cards are the address ids (the fixture ids are server ids)', async () => {
    await renderBook();
    expect([DEMO_WORK_ADDRESS_ID, DEMO_HOME_ADDRESS_ID].every((id) => isServerId(id))).toBe(true);
    expect(tiles()).toHaveLength(2);
  });
});
