// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Address } from '@shop/core/domain/address';
import { FakeSessionCredentials } from '../fake/fake-session-credentials';
import { AddressHttpGateway } from './address-http-gateway';
import { HttpClient } from './http-client';
import { type RecordingServer, startRecordingServer } from './recording-server';

const address: Address = {
  addressId: 2,
  addressName: 'Office',
  addressType: 'Work',
  receiverName: 'Ada',
  receiverPhoneCCode: '90',
  receiverPhoneACode: '212',
  receiverPhoneMain: '7654321',
  addressDetails: 'Floor 4',
  stateCode: '34',
  stateId: 34,
  stateName: 'İstanbul',
  subMunicipalityId: null,
  subMunicipalityNameInitialCapital: '',
  neighbourId: null,
  neighbourNameInitialCapital: '',
  streetOrAvenue: '',
  building: '',
  apartment: '',
  postalCode: '',
  countryName: 'Türkiye',
  isDefaultAddress: false,
  isCorporateInvoice: true,
  taxNumber: '1234567890',
  taxOffice: 'Kadıköy',
  corporateTitle: 'Ada Ltd',
};

describe('AddressHttpGateway', () => {
  let server: RecordingServer;
  let gateway: AddressHttpGateway;

  beforeAll(async () => {
    server = await startRecordingServer();
    gateway = new AddressHttpGateway(new HttpClient({ baseUrl: server.baseUrl }), new FakeSessionCredentials('acc'));
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
    server.reply({ body: { success: true, _newId: 'a000000000000009', message: 'Saved' } });
  });

  it('saves an existing address with PUT update-address, bearer, and answers _newId', async () => {
    const existing = { ...address, _id: 'a000000000000009' };
    const result = await gateway.saveAddress(existing);
    expect(server.requests[0]).toMatchObject({ method: 'PUT', url: '/api/users/update-address', json: existing });
    expect(server.requests[0]?.headers.authorization).toBe('Bearer acc');
    expect(result).toEqual({ ok: true, message: 'Saved', data: { newId: 'a000000000000009' } });
  });

  it('sends a new address without its local placeholder id', async () => {
    await gateway.saveAddress({ ...address, _id: '999' });
    await gateway.saveAddress(address);
    expect(server.requests[0]?.json).toEqual(address);
    expect(server.requests[0]?.json).not.toHaveProperty('_id');
    expect(server.requests[1]?.json).toEqual(address);
  });

  it("returns a 404 (another user's address) with its message", async () => {
    server.reply({ status: 404, body: { success: false, message: 'Address not found' } });
    expect(await gateway.saveAddress(address)).toEqual({ ok: false, kind: 'rejected', message: 'Address not found' });
  });

  it('reads an answer without _newId as unexpected', async () => {
    server.reply({ body: { success: true, message: 'Saved' } });
    expect(await gateway.saveAddress(address)).toEqual({ ok: false, kind: 'rejected', message: 'Unexpected response from server' });
  });

  it('deletes with POST delete-address { _id } and the bearer', async () => {
    server.reply({ body: { success: true, message: 'Address deleted successfully!' } });
    const result = await gateway.deleteAddress('a000000000000009');
    expect(server.requests[0]).toMatchObject({ method: 'POST', url: '/api/users/delete-address', json: { _id: 'a000000000000009' } });
    expect(server.requests[0]?.headers.authorization).toBe('Bearer acc');
    expect(result).toEqual({ ok: true, message: 'Address deleted successfully!', data: undefined });
  });

  it('reads a 5xx delete as the server being unavailable', async () => {
    server.reply({ status: 502 });
    expect(await gateway.deleteAddress('a000000000000009')).toEqual({
      ok: false,
      kind: 'unavailable',
      message: 'Request failed with status code 502',
    });
  });
});
