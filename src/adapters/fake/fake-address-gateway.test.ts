import { beforeEach, describe, expect, it } from 'vitest';
import type { Address } from '../../domain/address';
import type { Result } from '../../domain/result';
import { DEMO_HOME_ADDRESS_ID, DEMO_USER_EMAIL, DEMO_USER_PASSWORD, DEMO_WORK_ADDRESS_ID, demoAddresses } from './demo-account';
import { FakeAccountGateway } from './fake-account-gateway';
import { FakeAccountStore } from './fake-account-store';
import { FakeAddressGateway } from './fake-address-gateway';
import { FakeClock } from './fake-clock';

function data<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.status} ${result.message ?? ''}`);
  return result.data;
}

let store: FakeAccountStore;
let account: FakeAccountGateway;
let addresses: FakeAddressGateway;
let token: string;

const [home, work] = demoAddresses() as [Address, Address];
const newAddress = (overrides: Partial<Address> = {}): Address => {
  const { _id: _ignored, addressId: _alsoIgnored, ...fields } = home;
  return { ...fields, addressName: 'Yazlık', isDefaultAddress: false, ...overrides };
};
const profile = async () => data(await account.getProfile(token)).address;

beforeEach(async () => {
  store = new FakeAccountStore({ clock: new FakeClock() });
  account = new FakeAccountGateway(store);
  addresses = new FakeAddressGateway(store);
  token = data(await account.login(DEMO_USER_EMAIL, DEMO_USER_PASSWORD)).accessToken;
});

describe('FakeAddressGateway', () => {
  it('saves a new address with a fresh 24-character id and the next addressId, visible in the profile', async () => {
    const result = await addresses.saveAddress(token, newAddress());
    const { newId } = data(result);
    expect(newId).toMatch(/^[0-9a-f]{24}$/);
    expect([DEMO_HOME_ADDRESS_ID, DEMO_WORK_ADDRESS_ID]).not.toContain(newId);
    const saved = (await profile()).find((address) => address._id === newId);
    expect(saved).toMatchObject({ addressName: 'Yazlık', addressId: 3 });
    expect(await profile()).toHaveLength(3);
  });

  it.each([
    ['receiverPhoneMain', { receiverPhoneMain: '12a4567' }],
    ['receiverPhoneACode', { receiverPhoneACode: '5x2' }],
  ])('refuses letters in %s with 400 and saves nothing, as the server does', async (_field, overrides) => {
    expect(await addresses.saveAddress(token, newAddress(overrides))).toMatchObject({ ok: false, status: 400 });
    expect(await profile()).toHaveLength(2);
  });

  it('edits an existing address under the same id and keeps its addressId', async () => {
    const { newId } = data(await addresses.saveAddress(token, { ...work, addressName: 'Yeni Ofis', addressId: 99 }));
    expect(newId).toBe(DEMO_WORK_ADDRESS_ID);
    const list = await profile();
    expect(list).toHaveLength(2);
    expect(list.find((address) => address._id === DEMO_WORK_ADDRESS_ID)).toMatchObject({ addressName: 'Yeni Ofis', addressId: 2 });
  });

  it('keeps one default: saving a default address clears the others', async () => {
    expect((await profile()).find((address) => address._id === DEMO_HOME_ADDRESS_ID)?.isDefaultAddress).toBe(true);
    const { newId } = data(await addresses.saveAddress(token, newAddress({ isDefaultAddress: true })));
    const defaults = (await profile()).filter((address) => address.isDefaultAddress).map((address) => address._id);
    expect(defaults).toEqual([newId]);
    await addresses.saveAddress(token, { ...work, isDefaultAddress: true });
    expect((await profile()).filter((address) => address.isDefaultAddress).map((address) => address._id)).toEqual([DEMO_WORK_ADDRESS_ID]);
  });

  it("answers 404 for another user's address and changes nothing", async () => {
    await account.register('other', 'other@example.com', 'Başka#Kişi12');
    const otherToken = data(await account.login('other@example.com', 'Başka#Kişi12')).accessToken;
    expect(await addresses.saveAddress(otherToken, { ...home, addressName: 'stolen' })).toMatchObject({ ok: false, status: 404 });
    expect(await addresses.deleteAddress(otherToken, DEMO_HOME_ADDRESS_ID)).toMatchObject({ ok: false, status: 404 });
    expect(await profile()).toEqual(demoAddresses());
    expect(data(await account.getProfile(otherToken)).address).toEqual([]);
  });

  it('deletes an own address; a second delete is 404', async () => {
    expect((await addresses.deleteAddress(token, DEMO_WORK_ADDRESS_ID)).ok).toBe(true);
    expect((await profile()).map((address) => address._id)).toEqual([DEMO_HOME_ADDRESS_ID]);
    expect((await addresses.deleteAddress(token, DEMO_WORK_ADDRESS_ID)).status).toBe(404);
  });

  it('grows addressId past deleted ones', async () => {
    await addresses.deleteAddress(token, DEMO_WORK_ADDRESS_ID);
    const { newId } = data(await addresses.saveAddress(token, newAddress()));
    expect((await profile()).find((address) => address._id === newId)?.addressId).toBe(2);
  });

  it('needs a valid access token', async () => {
    await account.logout(token);
    expect((await addresses.saveAddress(token, newAddress())).status).toBe(401);
    expect((await addresses.deleteAddress(token, DEMO_HOME_ADDRESS_ID)).status).toBe(401);
  });

  it('answers the configured failure and changes nothing', async () => {
    addresses.failWith = { status: 500, message: 'Database down' };
    expect(await addresses.deleteAddress(token, DEMO_HOME_ADDRESS_ID)).toEqual({ ok: false, status: 500, message: 'Database down' });
    expect(await profile()).toHaveLength(2);
  });
});
