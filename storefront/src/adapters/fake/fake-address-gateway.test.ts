import { beforeEach, describe, expect, it } from 'vitest';
import type { Address } from '@shop/core/domain/address';
import type { Outcome } from '@shop/core/domain/outcome';
import { DEMO_HOME_ADDRESS_ID, DEMO_USER_EMAIL, DEMO_USER_PASSWORD, DEMO_WORK_ADDRESS_ID, demoAddresses } from './demo-account';
import { FakeAccountGateway } from './fake-account-gateway';
import { FakeAccountStore } from './fake-account-store';
import { FakeAddressGateway } from './fake-address-gateway';
import { FakeClock } from './fake-clock';
import { FakeSessionCredentials } from './fake-session-credentials';

function data<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new Error(`expected ok, got ${outcome.kind} ${outcome.message ?? ''}`);
  return outcome.data;
}

let store: FakeAccountStore;
let session: FakeSessionCredentials;
let account: FakeAccountGateway;
let addresses: FakeAddressGateway;

const [home, work] = demoAddresses() as [Address, Address];
const newAddress = (overrides: Partial<Address> = {}): Address => {
  const { _id: _ignored, addressId: _alsoIgnored, ...fields } = home;
  return { ...fields, addressName: 'Yazlık', isDefaultAddress: false, ...overrides };
};
const profile = async () => data(await account.getProfile()).address;
const signIn = async (email: string, password: string) => {
  const { accessToken, user } = data(await account.login(email, password));
  session.signIn(accessToken, user._id);
};

beforeEach(async () => {
  store = new FakeAccountStore({ clock: new FakeClock() });
  session = new FakeSessionCredentials();
  account = new FakeAccountGateway(store, { session });
  addresses = new FakeAddressGateway(store, { session });
  await signIn(DEMO_USER_EMAIL, DEMO_USER_PASSWORD);
});

describe('FakeAddressGateway', () => {
  it('saves a new address with a fresh 24-character id and the next addressId, visible in the profile', async () => {
    const { newId } = data(await addresses.saveAddress(newAddress()));
    expect(newId).toMatch(/^[0-9a-f]{24}$/);
    expect([DEMO_HOME_ADDRESS_ID, DEMO_WORK_ADDRESS_ID]).not.toContain(newId);
    const saved = (await profile()).find((address) => address._id === newId);
    expect(saved).toMatchObject({ addressName: 'Yazlık', addressId: 3 });
    expect(await profile()).toHaveLength(3);
  });

  it.each([
    ['receiverPhoneMain', { receiverPhoneMain: '12a4567' }],
    ['receiverPhoneACode', { receiverPhoneACode: '5x2' }],
  ])('refuses letters in %s and saves nothing, as the server does', async (field, overrides) => {
    expect(await addresses.saveAddress(newAddress(overrides))).toEqual({
      ok: false,
      kind: 'rejected',
      message: `Invalid request. ${field}: Digits only.`,
    });
    expect(await profile()).toHaveLength(2);
  });

  it('edits an existing address under the same id and keeps its addressId', async () => {
    const { newId } = data(await addresses.saveAddress({ ...work, addressName: 'Yeni Ofis', addressId: 99 }));
    expect(newId).toBe(DEMO_WORK_ADDRESS_ID);
    const list = await profile();
    expect(list).toHaveLength(2);
    expect(list.find((address) => address._id === DEMO_WORK_ADDRESS_ID)).toMatchObject({ addressName: 'Yeni Ofis', addressId: 2 });
  });

  it('keeps one default: saving a default address clears the others', async () => {
    expect((await profile()).find((address) => address._id === DEMO_HOME_ADDRESS_ID)?.isDefaultAddress).toBe(true);
    const { newId } = data(await addresses.saveAddress(newAddress({ isDefaultAddress: true })));
    const defaults = (await profile()).filter((address) => address.isDefaultAddress).map((address) => address._id);
    expect(defaults).toEqual([newId]);
    await addresses.saveAddress({ ...work, isDefaultAddress: true });
    expect((await profile()).filter((address) => address.isDefaultAddress).map((address) => address._id)).toEqual([DEMO_WORK_ADDRESS_ID]);
  });

  it("refuses another user's address (404) and changes nothing", async () => {
    await account.register('other', 'other@example.com', 'Başka#Kişi12');
    await signIn('other@example.com', 'Başka#Kişi12');
    const notFound = { ok: false, kind: 'rejected', message: 'Address not found' };
    expect(await addresses.saveAddress({ ...home, addressName: 'stolen' })).toEqual(notFound);
    expect(await addresses.deleteAddress(DEMO_HOME_ADDRESS_ID)).toEqual(notFound);
    expect(await profile()).toEqual([]);
    await signIn(DEMO_USER_EMAIL, DEMO_USER_PASSWORD);
    expect(await profile()).toEqual(demoAddresses());
  });

  it('deletes an own address; a second delete is refused', async () => {
    expect(await addresses.deleteAddress(DEMO_WORK_ADDRESS_ID)).toEqual({
      ok: true,
      data: undefined,
      message: 'Address deleted successfully!',
    });
    expect((await profile()).map((address) => address._id)).toEqual([DEMO_HOME_ADDRESS_ID]);
    expect(await addresses.deleteAddress(DEMO_WORK_ADDRESS_ID)).toMatchObject({ ok: false, kind: 'rejected' });
  });

  it('grows addressId past deleted ones', async () => {
    await addresses.deleteAddress(DEMO_WORK_ADDRESS_ID);
    const { newId } = data(await addresses.saveAddress(newAddress()));
    expect((await profile()).find((address) => address._id === newId)?.addressId).toBe(2);
  });

  it('refuses a token the server ended (401): the session is rejected once', async () => {
    const token = session.accessToken!;
    await account.logout(token);
    expect(await addresses.saveAddress(newAddress())).toEqual({ ok: false, kind: 'unauthorised', message: 'Unauthorized' });
    expect(session.rejections).toBe(1);
    // The session has ended: nothing more is sent on its behalf.
    expect(await addresses.deleteAddress(DEMO_HOME_ADDRESS_ID)).toMatchObject({ ok: false, kind: 'unauthorised' });
    expect(session.rejections).toBe(1);
    session.signIn(token);
    expect(await addresses.deleteAddress(DEMO_HOME_ADDRESS_ID)).toMatchObject({ ok: false, kind: 'unauthorised' });
    expect(store.findByEmail(DEMO_USER_EMAIL)?.user.address).toHaveLength(2);
  });

  it('answers the configured failure and changes nothing', async () => {
    addresses.server.failWith = { status: 500, message: 'Database down' };
    expect(await addresses.deleteAddress(DEMO_HOME_ADDRESS_ID)).toEqual({ ok: false, kind: 'unavailable', message: 'Database down' });
    expect(await profile()).toHaveLength(2);
  });
});
