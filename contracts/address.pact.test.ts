import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { FakeSessionCredentials } from '../storefront/src/adapters/fake/fake-session-credentials';
import { AddressHttpGateway } from '../storefront/src/adapters/http/address-http-gateway';
import type { HttpClient } from '../storefront/src/adapters/http/http-client';
import { STATES, injected } from './provider-states';
import { EXAMPLE_ACCESS_TOKEN, errorBody, jsonHeaders, verifyInteraction } from './support/contract-pact';
import { EXAMPLE_ADDRESS_ID, addressRequestBody, newAddress, serverId } from './support/wire-examples';

const { boolean, fromProviderState, string } = MatchersV3;

const gateway = (http: HttpClient): AddressHttpGateway => new AddressHttpGateway(http, new FakeSessionCredentials(EXAMPLE_ACCESS_TOKEN));

const saved = {
  success: boolean(true),
  _newId: serverId(EXAMPLE_ADDRESS_ID),
  message: string('Address information updated successfully!'),
};

describe('address book', () => {
  it('PUT /api/users/update-address without _id creates the address and answers its server id', async () => {
    const user = { email: 'address.creator@example.com', password: 'Address#Pass1', userName: 'address-creator' };
    const address = newAddress({ addressName: 'Office', addressType: 'Work', isDefaultAddress: false });
    await verifyInteraction({
      given: { [STATES.userLoggedIn]: user },
      uponReceiving: 'a new address',
      request: {
        method: 'PUT',
        path: '/api/users/update-address',
        headers: jsonHeaders(EXAMPLE_ACCESS_TOKEN),
        body: addressRequestBody(address),
      },
      response: { status: 200, body: saved },
      test: async ({ http }) => {
        // A local placeholder id (shorter than 16) is not sent: the server creates the address.
        const result = await gateway(http).saveAddress({ ...address, _id: '999' });
        expect(result).toEqual({
          ok: true,
          message: 'Address information updated successfully!',
          data: { newId: EXAMPLE_ADDRESS_ID },
        });
      },
    });
  });

  it('PUT /api/users/update-address with the _id of an own address updates it', async () => {
    const user = { email: 'address.editor@example.com', password: 'Address#Pass1', userName: 'address-editor' };
    const address = newAddress({ _id: EXAMPLE_ADDRESS_ID, addressName: 'Home (new door)', apartment: '5' });
    await verifyInteraction({
      given: { [STATES.userLoggedIn]: user, [STATES.userHasAddress]: { addressName: 'Home' } },
      uponReceiving: 'an edit of an own address',
      request: {
        method: 'PUT',
        path: '/api/users/update-address',
        headers: jsonHeaders(EXAMPLE_ACCESS_TOKEN),
        body: addressRequestBody(address, fromProviderState(injected(STATES.userHasAddress, 'addressId'), EXAMPLE_ADDRESS_ID)),
      },
      response: { status: 200, body: saved },
      test: async ({ http }) => {
        const result = await gateway(http).saveAddress(address);
        expect(result).toMatchObject({ ok: true, data: { newId: EXAMPLE_ADDRESS_ID } });
      },
    });
  });

  it("PUT /api/users/update-address with another user's address id is 404 with a message", async () => {
    const user = { email: 'address.intruder@example.com', password: 'Address#Pass1', userName: 'address-intruder' };
    const owner = { email: 'address.owner@example.com', password: 'Owner#Pass1', userName: 'address-owner', addressName: 'Owner home' };
    const address = newAddress({ _id: EXAMPLE_ADDRESS_ID });
    await verifyInteraction({
      given: { [STATES.userLoggedIn]: user, [STATES.otherUserHasAddress]: owner },
      uponReceiving: "an edit of another user's address",
      request: {
        method: 'PUT',
        path: '/api/users/update-address',
        headers: jsonHeaders(EXAMPLE_ACCESS_TOKEN),
        body: addressRequestBody(address, fromProviderState(injected(STATES.otherUserHasAddress, 'otherAddressId'), EXAMPLE_ADDRESS_ID)),
      },
      response: { status: 404, body: errorBody },
      test: async ({ http }) => {
        const result = await gateway(http).saveAddress(address);
        expect(result).toEqual({ ok: false, kind: 'rejected', message: 'A message for the shopper' });
      },
    });
  });

  it('PUT /api/users/update-address with letters in the phone digits is 400 with a message', async () => {
    const user = { email: 'address.typo@example.com', password: 'Address#Pass1', userName: 'address-typo' };
    const address = newAddress({ receiverPhoneMain: '12ab567' });
    await verifyInteraction({
      given: { [STATES.userLoggedIn]: user },
      uponReceiving: 'an address with letters in the main phone number',
      request: {
        method: 'PUT',
        path: '/api/users/update-address',
        headers: jsonHeaders(EXAMPLE_ACCESS_TOKEN),
        body: { ...addressRequestBody(address), receiverPhoneMain: '12ab567' },
      },
      response: { status: 400, body: errorBody },
      test: async ({ http }) => {
        const result = await gateway(http).saveAddress(address);
        expect(result).toEqual({ ok: false, kind: 'rejected', message: 'A message for the shopper' });
      },
    });
  });

  it('POST /api/users/delete-address deletes an own address', async () => {
    const user = { email: 'address.remover@example.com', password: 'Address#Pass1', userName: 'address-remover' };
    await verifyInteraction({
      given: { [STATES.userLoggedIn]: user, [STATES.userHasAddress]: { addressName: 'Old home' } },
      uponReceiving: 'a deletion of an own address',
      request: {
        method: 'POST',
        path: '/api/users/delete-address',
        headers: jsonHeaders(EXAMPLE_ACCESS_TOKEN),
        body: { _id: fromProviderState(injected(STATES.userHasAddress, 'addressId'), EXAMPLE_ADDRESS_ID) },
      },
      response: { status: 200, body: { success: boolean(true), message: string('Address deleted successfully!') } },
      test: async ({ http }) => {
        const result = await gateway(http).deleteAddress(EXAMPLE_ADDRESS_ID);
        expect(result).toEqual({ ok: true, message: 'Address deleted successfully!', data: undefined });
      },
    });
  });

  it("POST /api/users/delete-address with another user's address id is 404 with a message", async () => {
    const user = { email: 'delete.intruder@example.com', password: 'Address#Pass1', userName: 'delete-intruder' };
    const owner = { email: 'delete.owner@example.com', password: 'Owner#Pass1', userName: 'delete-owner', addressName: 'Owner home' };
    await verifyInteraction({
      given: { [STATES.userLoggedIn]: user, [STATES.otherUserHasAddress]: owner },
      uponReceiving: "a deletion of another user's address",
      request: {
        method: 'POST',
        path: '/api/users/delete-address',
        headers: jsonHeaders(EXAMPLE_ACCESS_TOKEN),
        body: { _id: fromProviderState(injected(STATES.otherUserHasAddress, 'otherAddressId'), EXAMPLE_ADDRESS_ID) },
      },
      response: { status: 404, body: errorBody },
      test: async ({ http }) => {
        const result = await gateway(http).deleteAddress(EXAMPLE_ADDRESS_ID);
        expect(result).toEqual({ ok: false, kind: 'rejected', message: 'A message for the shopper' });
      },
    });
  });
});
