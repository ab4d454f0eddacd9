import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressFields } from '../testing/address-fields';
import { bearer, build, type TestServer } from '../testing/test-server';

let s: TestServer;
beforeAll(async () => {
  s = await build();
});
afterAll(async () => {
  await s.close();
});

async function profile(token: string) {
  const response = await s.request({ method: 'GET', url: '/api/users/profile', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json().user;
}

const save = (token: string, payload: unknown) =>
  s.request({ method: 'PUT', url: '/api/users/update-address', headers: bearer(token), payload: payload as object });
const remove = (token: string, payload: object) =>
  s.request({ method: 'POST', url: '/api/users/delete-address', headers: bearer(token), payload });

describe('profile', () => {
  it('GET answers the user without secrets; PUT updates fields and ignores email and userId', async () => {
    const session = await s.signIn('profile@example.com');
    const before = await profile(session.accessToken);
    expect(before).toMatchObject({ _id: session.user._id, userId: session.user._id, email: 'profile@example.com', address: [] });
    expect(JSON.stringify(before)).not.toMatch(/password|hash/i);
    const update = await s.request({
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(session.accessToken),
      payload: {
        email: 'hijack@example.com',
        userId: 'other',
        userName: 'Renamed',
        phone: '5',
        phoneCCode: '+90',
        phoneACode: '532',
        phoneMain: '7654321',
        name: 'Ada',
        surname: 'L',
      },
    });
    expect(update.statusCode).toBe(200);
    expect(update.json()).toEqual({ success: true, message: 'User information updated successfully!' });
    const after = await profile(session.accessToken);
    expect(after).toMatchObject({
      _id: before._id,
      userId: before.userId,
      email: 'profile@example.com',
      userName: 'Renamed',
      phoneMain: '7654321',
      name: 'Ada',
      surname: 'L',
    });
  });

  it('PUT with wrong types changes nothing (400)', async () => {
    const session = await s.signIn('profile-bad@example.com');
    const response = await s.request({
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(session.accessToken),
      payload: { name: 'Ok', surname: 42 },
    });
    expect(response.statusCode).toBe(400);
    expect((await profile(session.accessToken)).name).toBe('');
  });

  it('needs a session', async () => {
    expect((await s.request({ method: 'PUT', url: '/api/users/profile', payload: { name: 'x' } })).statusCode).toBe(401);
  });
});

describe('addresses', () => {
  it('inserts with a new 24-char id and a growing addressId, then updates in place', async () => {
    const session = await s.signIn('addresses@example.com');
    const first = await save(session.accessToken, addressFields({ addressName: 'First' }));
    expect(first.statusCode).toBe(200);
    const { _newId: firstId, success, message } = first.json();
    expect(success).toBe(true);
    expect(message).toBe('Address information updated successfully!');
    expect(firstId).toMatch(/^[0-9a-f]{24}$/);
    const secondId = (await save(session.accessToken, addressFields({ addressName: 'Second' }))).json()._newId;
    const user = await profile(session.accessToken);
    const byId = Object.fromEntries(user.address.map((a: { _id: string }) => [a._id, a]));
    expect(byId[firstId]).toEqual({ ...addressFields({ addressName: 'First' }), _id: firstId, addressId: 1 });
    expect(byId[secondId].addressId).toBe(2);

    const updated = await save(session.accessToken, addressFields({ _id: firstId, addressId: 99, addressName: 'Renamed' }));
    expect(updated.json()._newId).toBe(firstId);
    const after = await profile(session.accessToken);
    expect(after.address).toHaveLength(2);
    expect(after.address.find((a: { _id: string }) => a._id === firstId)).toMatchObject({ addressName: 'Renamed', addressId: 1 });

    // Ids are not reused after a delete.
    await remove(session.accessToken, { _id: secondId });
    const thirdId = (await save(session.accessToken, addressFields())).json()._newId;
    expect((await profile(session.accessToken)).address.find((a: { _id: string }) => a._id === thirdId).addressId).toBe(3);
  });

  it('saving a default address removes default from the others', async () => {
    const session = await s.signIn('defaults@example.com');
    const a = (await save(session.accessToken, addressFields({ isDefaultAddress: true }))).json()._newId;
    const b = (await save(session.accessToken, addressFields({ isDefaultAddress: true }))).json()._newId;
    let user = await profile(session.accessToken);
    const isDefault = (id: string) => user.address.find((x: { _id: string }) => x._id === id).isDefaultAddress;
    expect([isDefault(a), isDefault(b)]).toEqual([false, true]);
    await save(session.accessToken, addressFields({ _id: a, isDefaultAddress: true }));
    user = await profile(session.accessToken);
    expect([isDefault(a), isDefault(b)]).toEqual([true, false]);
  });

  it('clears invoice details when the address is not a corporate invoice', async () => {
    const session = await s.signIn('invoice@example.com');
    const id = (await save(session.accessToken, addressFields({ taxNumber: '123', taxOffice: 'X', corporateTitle: 'Y' }))).json()._newId;
    const saved = (await profile(session.accessToken)).address.find((x: { _id: string }) => x._id === id);
    expect([saved.taxNumber, saved.taxOffice, saved.corporateTitle]).toEqual(['', '', '']);
    const corp = (
      await save(session.accessToken, addressFields({ isCorporateInvoice: true, taxNumber: '123', taxOffice: 'X', corporateTitle: 'Y' }))
    ).json()._newId;
    expect((await profile(session.accessToken)).address.find((x: { _id: string }) => x._id === corp).taxNumber).toBe('123');
  });

  it("never lets a user read, change or delete another user's address (404, nothing changes)", async () => {
    const owner = await s.signIn('owner@example.com');
    const intruder = await s.signIn('intruder@example.com');
    const id = (await save(owner.accessToken, addressFields({ addressName: 'Mine', isDefaultAddress: true }))).json()._newId;
    const mine = (await save(intruder.accessToken, addressFields({ isDefaultAddress: true }))).json()._newId;

    const change = await save(intruder.accessToken, addressFields({ _id: id, addressName: 'Stolen', isDefaultAddress: true }));
    expect(change.statusCode).toBe(404);
    expect(change.json()).toMatchObject({ success: false });
    const del = await remove(intruder.accessToken, { _id: id });
    expect(del.statusCode).toBe(404);

    const ownerView = await profile(owner.accessToken);
    expect(ownerView.address).toEqual([expect.objectContaining({ _id: id, addressName: 'Mine', isDefaultAddress: true })]);
    const intruderView = await profile(intruder.accessToken);
    expect(intruderView.address.map((a: { _id: string }) => a._id)).toEqual([mine]);
    expect(intruderView.address[0].isDefaultAddress).toBe(true);
  });

  it('deletes the caller address; unknown ids 404; bad bodies 400', async () => {
    const session = await s.signIn('deleter@example.com');
    const id = (await save(session.accessToken, addressFields())).json()._newId;
    const del = await remove(session.accessToken, { _id: id });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ success: true, message: 'Address deleted successfully!' });
    expect((await profile(session.accessToken)).address).toEqual([]);
    const again = await remove(session.accessToken, { _id: id });
    expect(again.statusCode).toBe(404);
    const bad = await remove(session.accessToken, {});
    expect(bad.statusCode).toBe(400);
  });

  it('refuses wrong types and non-digit phone parts with 400 and saves nothing', async () => {
    const session = await s.signIn('bad-address@example.com');
    for (const payload of [
      addressFields({ stateId: 'x' }),
      addressFields({ receiverPhoneMain: '12a' }),
      addressFields({ addressType: 'Castle' }),
      addressFields({ isDefaultAddress: 'yes' }),
    ]) {
      expect((await save(session.accessToken, payload)).statusCode).toBe(400);
    }
    expect((await profile(session.accessToken)).address).toEqual([]);
    expect((await save('not-a-token', addressFields())).statusCode).toBe(401);
  });
});
