import { describe, expect, it } from 'vitest';
import { DEMO_HOME_ADDRESS_ID, DEMO_WORK_ADDRESS_ID } from '../../adapters/fake/demo-account';
import { FakeAddressGateway } from '../../adapters/fake/fake-address-gateway';
import { FakeClock } from '../../adapters/fake/fake-clock';
import { FakeReferenceDataGateway } from '../../adapters/fake/fake-reference-data-gateway';
import type { Address } from '@shop/core/domain/address';
import { emptyAddress, isServerId, NEW_ADDRESS_KEY } from '@shop/core/domain/address-book';
import type { Outcome } from '@shop/core/domain/outcome';
import { createContainer } from '../../di/container';
import { createFakeAdapters } from '../../di/fake-adapters';
import { ADDRESS, addressFeature } from '../../di/modules/address-module';
import { CORE } from '../../di/modules/core-module';
import type { AdapterSet } from '../../di/tokens';
import type { AddressGateway } from '@shop/core/ports/address-gateway';

/** A gateway whose answers the test releases, to look at the list while a call is in flight. */
class HeldAddressGateway implements AddressGateway {
  readonly calls: {
    kind: 'save' | 'delete';
    payload: unknown;
    release: (outcome: Outcome<never> | Outcome<{ newId: string }> | Outcome<void>) => void;
  }[] = [];

  saveAddress(address: Address): Promise<Outcome<{ newId: string }>> {
    return this.hold('save', address) as Promise<Outcome<{ newId: string }>>;
  }

  deleteAddress(id: string): Promise<Outcome<void>> {
    return this.hold('delete', id) as Promise<Outcome<void>>;
  }

  private hold(kind: 'save' | 'delete', payload: unknown): Promise<unknown> {
    return new Promise((resolve) => {
      this.calls.push({ kind, payload, release: resolve });
    });
  }
}

function world(overrides: Partial<AdapterSet> = {}) {
  const adapters = { ...createFakeAdapters({ clock: new FakeClock(Date.UTC(2026, 10, 22, 12)), signedIn: true }), ...overrides };
  const container = createContainer(adapters);
  container.loadFeatures(addressFeature);
  const session = container.get(CORE.session);
  session.start();
  const alerts = container.get(CORE.alerts);
  const book = container.get(ADDRESS.book);
  const referenceData = container.get(ADDRESS.referenceData);
  const answer = (yes: boolean) => alerts.answerConfirm(yes);
  return { adapters, container, session, alerts, book, referenceData, answer };
}

const ids = (list: readonly Address[]) => list.map((address) => address._id);
const texts = (alerts: { alerts: { message: string; kind: string }[] }) => alerts.alerts.map((alert) => `${alert.kind}: ${alert.message}`);
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('AddressBookStore', () => {
  it('lists the user addresses newest first by addressId', () => {
    const { book } = world();
    expect(ids(book.addresses)).toEqual([DEMO_WORK_ADDRESS_ID, DEMO_HOME_ADDRESS_ID]);
  });

  it('key 999: Add New Address opens one blank tile in edit mode; Cancel drops it', () => {
    const { book } = world();
    book.addNew();
    const first = book.newAddress;
    expect(first?.address).toEqual(emptyAddress());
    expect(book.isExpanded(NEW_ADDRESS_KEY)).toBe(true);
    first?.setText('addressName', 'Yazlık');
    book.addNew();
    expect(book.newAddress).toBe(first);
    expect(book.newAddress?.address.addressName).toBe('Yazlık');
    book.cancel(NEW_ADDRESS_KEY);
    expect(book.newAddress).toBeNull();
    expect(book.addresses).toHaveLength(2);
  });

  it('saves a new address optimistically with a temporary id, then reconciles it with _newId', async () => {
    const held = new HeldAddressGateway();
    const { book, session, alerts } = world({ addresses: held });
    book.addNew();
    book.newAddress?.setText('addressName', 'Yazlık');
    const saving = book.save(NEW_ADDRESS_KEY);

    // At once: the form is closed and the list (the session user's) shows the address.
    expect(book.newAddress).toBeNull();
    const optimistic = session.user?.address.find((address) => address.addressName === 'Yazlık');
    expect(optimistic?._id).toBeDefined();
    expect(isServerId(optimistic?._id)).toBe(false);
    expect(book.isPending(optimistic as Address)).toBe(true);
    expect(book.addresses[0]?.addressName).toBe('Yazlık');
    expect(held.calls[0]?.kind).toBe('save');
    expect((held.calls[0]?.payload as Address)._id).toBeUndefined();

    const serverId = 'a'.repeat(24);
    held.calls[0]?.release({ ok: true, data: { newId: serverId } });
    await saving;
    expect(ids(session.user?.address ?? [])).toContain(serverId);
    expect(ids(session.user?.address ?? [])).not.toContain(optimistic?._id);
    expect(texts(alerts)).toEqual(['success: Address information updated successfully!']);
  });

  it('an address waiting for its server id can be neither edited nor deleted', async () => {
    const held = new HeldAddressGateway();
    const { book, session, answer } = world({ addresses: held });
    book.addNew();
    void book.save(NEW_ADDRESS_KEY);
    const waiting = session.user?.address.find((address) => !isServerId(address._id)) as Address;
    book.toggle(waiting);
    expect(book.isExpanded(waiting._id as string)).toBe(false);
    const removing = book.remove(waiting._id as string);
    answer(true);
    await removing;
    expect(session.user?.address).toContain(waiting);
    expect(held.calls).toHaveLength(1);
  });

  it('a failed save rolls the list back and shows the server message or the fallback', async () => {
    const held = new HeldAddressGateway();
    const { book, session, alerts } = world({ addresses: held });
    const before = session.user?.address;
    book.toggle(before?.[0] as Address);
    book.draftOf(DEMO_HOME_ADDRESS_ID)?.setText('addressName', 'Changed');
    const saving = book.save(DEMO_HOME_ADDRESS_ID);
    expect(session.user?.address[0]?.addressName).toBe('Changed');
    expect(book.isExpanded(DEMO_HOME_ADDRESS_ID)).toBe(false);
    held.calls[0]?.release({ ok: false, kind: 'rejected', message: 'Address not found' });
    await saving;
    expect(session.user?.address).toEqual(before);
    expect(texts(alerts)).toEqual(['error: Address not found']);

    book.toggle(before?.[0] as Address);
    const again = book.save(DEMO_HOME_ADDRESS_ID);
    held.calls[1]?.release({ ok: false, kind: 'rejected' });
    await again;
    expect(texts(alerts)).toContain('error: Failed to update address information.');
  });

  it.each([
    ['a network failure', { ok: false, kind: 'unavailable', message: 'Network error' } as const],
    ['a broken server', { ok: false, kind: 'unavailable', message: 'Service down' } as const],
  ])('an unavailable server (%s) rolls the save back and shows the exception text', async (_name, outcome) => {
    const held = new HeldAddressGateway();
    const { book, session, alerts } = world({ addresses: held });
    book.addNew();
    const saving = book.save(NEW_ADDRESS_KEY);
    expect(session.user?.address).toHaveLength(3);
    held.calls[0]?.release(outcome);
    await saving;
    expect(session.user?.address).toHaveLength(2);
    expect(texts(alerts)).toEqual(['error: An error occurred while updating address information. Please try again.']);
  });

  it('saving a default address removes default from the others, and a failure restores the old default', async () => {
    const held = new HeldAddressGateway();
    const { book, session } = world({ addresses: held });
    const work = session.user?.address.find((address) => address._id === DEMO_WORK_ADDRESS_ID) as Address;
    book.toggle(work);
    book.draftOf(DEMO_WORK_ADDRESS_ID)?.setDefault(true);
    const saving = book.save(DEMO_WORK_ADDRESS_ID);
    const defaults = () => (session.user?.address ?? []).filter((address) => address.isDefaultAddress).map((address) => address._id);
    expect(defaults()).toEqual([DEMO_WORK_ADDRESS_ID]);
    held.calls[0]?.release({ ok: false, kind: 'rejected', message: 'No' });
    await saving;
    expect(defaults()).toEqual([DEMO_HOME_ADDRESS_ID]);
  });

  it('a rollback keeps a concurrent save of another tile', async () => {
    const held = new HeldAddressGateway();
    const { book, session } = world({ addresses: held });
    const [home, work] = session.user?.address as Address[];
    book.toggle(home as Address);
    book.toggle(work as Address);
    book.draftOf(DEMO_HOME_ADDRESS_ID)?.setText('addressName', 'Home 2');
    book.draftOf(DEMO_WORK_ADDRESS_ID)?.setText('addressName', 'Work 2');
    const first = book.save(DEMO_HOME_ADDRESS_ID);
    const second = book.save(DEMO_WORK_ADDRESS_ID);
    held.calls[1]?.release({ ok: true, data: { newId: DEMO_WORK_ADDRESS_ID } });
    await second;
    held.calls[0]?.release({ ok: false, kind: 'rejected' });
    await first;
    expect(session.user?.address.map((address) => address.addressName)).toEqual(['Ev', 'Work 2']);
  });

  it('the fake server keeps the saved address, and a 401 ends the session with nothing more to say', async () => {
    const { book, session, adapters, alerts } = world();
    book.addNew();
    book.newAddress?.setText('addressName', 'Yazlık');
    await book.save(NEW_ADDRESS_KEY);
    expect(session.user?.address.every((address) => isServerId(address._id))).toBe(true);
    alerts.alerts.forEach((alert) => alerts.dismiss(alert.id));

    (adapters.addresses as FakeAddressGateway).server.failWith = { status: 401, message: 'Unauthorized' };
    book.addNew();
    await book.save(NEW_ADDRESS_KEY);
    expect(session.isLoggedIn).toBe(false);
    expect(adapters.sessionStorage.load()).toBeNull();
    expect(alerts.alerts).toEqual([]);
  });

  it('an answer for a user who is no longer signed in changes nothing and says nothing', async () => {
    const held = new HeldAddressGateway();
    const { book, session, alerts } = world({ addresses: held });
    book.addNew();
    const saving = book.save(NEW_ADDRESS_KEY);
    await session.logout();
    held.calls[0]?.release({ ok: false, kind: 'rejected', message: 'Address not found' });
    await saving;
    expect(session.user).toBeNull();
    expect(alerts.alerts).toEqual([]);
  });

  it('unticking corporate invoice clears tax number, tax office and corporate title', () => {
    const { book, session } = world();
    const work = session.user?.address.find((address) => address._id === DEMO_WORK_ADDRESS_ID) as Address;
    book.toggle(work);
    const draft = book.draftOf(DEMO_WORK_ADDRESS_ID);
    expect(draft?.address.taxNumber).toBe('1234567890');
    draft?.setCorporateInvoice(false);
    expect(draft?.address).toMatchObject({ isCorporateInvoice: false, taxNumber: '', taxOffice: '', corporateTitle: '' });
    draft?.setCorporateInvoice(true);
    expect(draft?.address.isCorporateInvoice).toBe(true);
  });

  it('phone area code and number keep digits only; other input is ignored and empty is allowed', () => {
    const { book } = world();
    book.addNew();
    const draft = book.newAddress;
    draft?.setDigits('receiverPhoneACode', '532');
    draft?.setDigits('receiverPhoneACode', '53a');
    expect(draft?.address.receiverPhoneACode).toBe('532');
    draft?.setDigits('receiverPhoneMain', '');
    expect(draft?.address.receiverPhoneMain).toBe('');
  });

  it('cascade: a city loads its districts and clears district and neighbourhood; a district loads its neighbourhoods', async () => {
    const referenceGateway = new FakeReferenceDataGateway();
    const { book, session, referenceData } = world({ referenceData: referenceGateway });
    const home = session.user?.address.find((address) => address._id === DEMO_HOME_ADDRESS_ID) as Address;
    book.toggle(home);
    await referenceData.loadBasics();
    await flush();
    const draft = book.draftOf(DEMO_HOME_ADDRESS_ID);
    // Opening an existing address loads its own lists.
    expect(draft?.subMunicipalities.map((sub) => sub.subMunicipalityNameInitialCapital)).toContain('Kadıköy');
    expect(draft?.neighbours.map((n) => n.neighbourNameInitialCapital)).toContain('Caferağa');

    draft?.chooseCity('06');
    expect(draft?.address).toMatchObject({
      stateCode: '06',
      stateId: 6,
      stateName: 'Ankara',
      subMunicipalityId: null,
      subMunicipalityNameInitialCapital: '',
      neighbourId: null,
      neighbourNameInitialCapital: '',
    });
    await flush();
    expect(draft?.subMunicipalities.map((sub) => sub.subMunicipalityId)).toEqual([601, 602, 603]);

    draft?.chooseSubMunicipality(601);
    await flush();
    draft?.chooseNeighbour(60102);
    expect(draft?.address).toMatchObject({ neighbourId: 60102, neighbourNameInitialCapital: 'Bahçelievler' });

    draft?.chooseSubMunicipality(602);
    expect(draft?.address).toMatchObject({
      subMunicipalityNameInitialCapital: 'Keçiören',
      neighbourId: null,
      neighbourNameInitialCapital: '',
    });

    // Lists are cached: going back to Çankaya asks nobody again.
    draft?.chooseSubMunicipality(601);
    expect(referenceGateway.calls.filter((call) => call === 'neighbours:601')).toHaveLength(1);
    expect(referenceGateway.calls.filter((call) => call === 'subMunicipalities:06')).toHaveLength(1);
  });

  it('lists are sorted in Turkish order, so type-ahead finds names where a reader expects them', async () => {
    const { referenceData } = world();
    await referenceData.loadSubMunicipalities('34');
    expect(referenceData.subMunicipalitiesOf('34').map((sub) => sub.subMunicipalityNameInitialCapital)).toEqual([
      'Beşiktaş',
      'Kadıköy',
      'Şişli',
      'Üsküdar',
    ]);
  });

  it('failed lookups give empty lists', async () => {
    const { book, referenceData } = world({ referenceData: new FakeReferenceDataGateway({ failing: true }) });
    book.addNew();
    await referenceData.loadBasics();
    expect(referenceData.cities).toEqual([]);
    expect(referenceData.countries).toEqual([]);
    book.newAddress?.chooseCity('34');
    expect(book.newAddress?.address.stateCode).toBe('');
  });

  it('the new-address form closes when the list is updated and holds only server ids', () => {
    const { book, session } = world();
    const user = session.user;
    if (!user) throw new Error('signed in');
    book.addNew();
    session.setUser({ ...user, address: [...user.address, { ...emptyAddress(), _id: 'tmp-1' }] });
    expect(book.newAddress).not.toBeNull();
    session.setUser({ ...user, address: [...user.address] });
    expect(book.newAddress).toBeNull();
  });

  describe('delete', () => {
    it('asks first; no keeps everything', async () => {
      const { book, session, alerts, answer } = world();
      const removing = book.remove(DEMO_HOME_ADDRESS_ID);
      expect(alerts.pendingConfirm?.message).toBe('Are you sure you want to delete this address?');
      answer(false);
      await removing;
      expect(session.user?.address).toHaveLength(2);
    });

    it('the new tile (no _id) is removed locally without a call', async () => {
      const held = new HeldAddressGateway();
      const { book, answer } = world({ addresses: held });
      book.addNew();
      const removing = book.remove(NEW_ADDRESS_KEY);
      answer(true);
      await removing;
      expect(book.newAddress).toBeNull();
      expect(held.calls).toHaveLength(0);
    });

    it('a saved address leaves at once and the server confirms', async () => {
      const held = new HeldAddressGateway();
      const { book, session, alerts, answer } = world({ addresses: held });
      const removing = book.remove(DEMO_HOME_ADDRESS_ID);
      answer(true);
      await flush();
      expect(ids(session.user?.address ?? [])).toEqual([DEMO_WORK_ADDRESS_ID]);
      expect(held.calls[0]).toMatchObject({ kind: 'delete', payload: DEMO_HOME_ADDRESS_ID });
      held.calls[0]?.release({ ok: true, data: undefined });
      await removing;
      expect(ids(session.user?.address ?? [])).toEqual([DEMO_WORK_ADDRESS_ID]);
      expect(texts(alerts)).toEqual(['success: Address deleted successfully!']);
    });

    it.each([
      [{ ok: false, kind: 'rejected', message: 'Address not found' } as const, 'error: Address not found'],
      [{ ok: false, kind: 'rejected' } as const, 'error: Failed to delete address.'],
      [
        { ok: false, kind: 'unavailable', message: 'Network error' } as const,
        'error: An error occurred while deleting the address. Please try again.',
      ],
    ])('a failure (%o) puts the address back where it was and says %s', async (outcome, text) => {
      const held = new HeldAddressGateway();
      const { book, session, alerts, answer } = world({ addresses: held });
      const before = session.user?.address;
      const removing = book.remove(DEMO_HOME_ADDRESS_ID);
      answer(true);
      await flush();
      held.calls[0]?.release(outcome);
      await removing;
      expect(session.user?.address).toEqual(before);
      expect(texts(alerts)).toEqual([text]);
    });
  });
});
