import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { FakeSessionCredentials } from '../src/adapters/fake/fake-session-credentials';
import { AddressHttpGateway } from '../src/adapters/http/address-http-gateway';
import { STATES, injected } from './provider-states';
import { EXAMPLE_ACCESS_TOKEN, contractHttpClient, createPact, settled, errorBody, jsonHeaders, state } from './support/contract-pact';
import { EXAMPLE_ADDRESS_ID, addressRequestBody, newAddress, serverId } from './support/wire-examples';

const { boolean, fromProviderState, string } = MatchersV3;

const pact = createPact();

const gateway = (baseUrl: string): AddressHttpGateway =>
  new AddressHttpGateway(contractHttpClient(baseUrl), new FakeSessionCredentials(EXAMPLE_ACCESS_TOKEN));

const saved = {
  success: boolean(true),
  _newId: serverId(EXAMPLE_ADDRESS_ID),
  message: string('Address information updated successfully!'),
};

describe('address book', () => {
  it('PUT /api/users/update-address without _id creates the address and answers its server id', async () => {
    const user = { email: 'address.creator@example.com', password: 'Address#Pass1', userName: 'address-creator' };
    const address = newAddress({ addressName: 'Office', addressType: 'Work', isDefaultAddress: false });
    await pact
      .addInteraction()
      .given(...state(STATES.userLoggedIn, user))
      .uponReceiving('a new address')
      .withRequest('PUT', '/api/users/update-address', (builder) => {
        builder.headers(jsonHeaders(EXAMPLE_ACCESS_TOKEN)).jsonBody(addressRequestBody(address));
      })
      .willRespondWith(200, (builder) => {
        builder.jsonBody(saved);
      })
      .executeTest(
        settled(async (mockServer) => {
          // A local placeholder id (shorter than 16) is not sent: the server creates the address.
          const result = await gateway(mockServer.url).saveAddress({ ...address, _id: '999' });
          expect(result).toEqual({
            ok: true,
            message: 'Address information updated successfully!',
            data: { newId: EXAMPLE_ADDRESS_ID },
          });
        }),
      );
  });

  it('PUT /api/users/update-address with the _id of an own address updates it', async () => {
    const user = { email: 'address.editor@example.com', password: 'Address#Pass1', userName: 'address-editor' };
    const address = newAddress({ _id: EXAMPLE_ADDRESS_ID, addressName: 'Home (new door)', apartment: '5' });
    await pact
      .addInteraction()
      .given(...state(STATES.userLoggedIn, user))
      .given(...state(STATES.userHasAddress, { addressName: 'Home' }))
      .uponReceiving('an edit of an own address')
      .withRequest('PUT', '/api/users/update-address', (builder) => {
        builder
          .headers(jsonHeaders(EXAMPLE_ACCESS_TOKEN))
          .jsonBody(addressRequestBody(address, fromProviderState(injected(STATES.userHasAddress, 'addressId'), EXAMPLE_ADDRESS_ID)));
      })
      .willRespondWith(200, (builder) => {
        builder.jsonBody(saved);
      })
      .executeTest(
        settled(async (mockServer) => {
          const result = await gateway(mockServer.url).saveAddress(address);
          expect(result).toMatchObject({ ok: true, data: { newId: EXAMPLE_ADDRESS_ID } });
        }),
      );
  });

  it("PUT /api/users/update-address with another user's address id is 404 with a message", async () => {
    const user = { email: 'address.intruder@example.com', password: 'Address#Pass1', userName: 'address-intruder' };
    const owner = { email: 'address.owner@example.com', password: 'Owner#Pass1', userName: 'address-owner', addressName: 'Owner home' };
    const address = newAddress({ _id: EXAMPLE_ADDRESS_ID });
    await pact
      .addInteraction()
      .given(...state(STATES.userLoggedIn, user))
      .given(...state(STATES.otherUserHasAddress, owner))
      .uponReceiving("an edit of another user's address")
      .withRequest('PUT', '/api/users/update-address', (builder) => {
        builder
          .headers(jsonHeaders(EXAMPLE_ACCESS_TOKEN))
          .jsonBody(
            addressRequestBody(address, fromProviderState(injected(STATES.otherUserHasAddress, 'otherAddressId'), EXAMPLE_ADDRESS_ID)),
          );
      })
      .willRespondWith(404, (builder) => {
        builder.jsonBody(errorBody);
      })
      .executeTest(
        settled(async (mockServer) => {
          const result = await gateway(mockServer.url).saveAddress(address);
          expect(result).toEqual({ ok: false, kind: 'rejected', message: 'A message for the shopper' });
        }),
      );
  });

  it('PUT /api/users/update-address with letters in the phone digits is 400 with a message', async () => {
    const user = { email: 'address.typo@example.com', password: 'Address#Pass1', userName: 'address-typo' };
    const address = newAddress({ receiverPhoneMain: '12ab567' });
    await pact
      .addInteraction()
      .given(...state(STATES.userLoggedIn, user))
      .uponReceiving('an address with letters in the main phone number')
      .withRequest('PUT', '/api/users/update-address', (builder) => {
        builder.headers(jsonHeaders(EXAMPLE_ACCESS_TOKEN)).jsonBody({ ...addressRequestBody(address), receiverPhoneMain: '12ab567' });
      })
      .willRespondWith(400, (builder) => {
        builder.jsonBody(errorBody);
      })
      .executeTest(
        settled(async (mockServer) => {
          const result = await gateway(mockServer.url).saveAddress(address);
          expect(result).toEqual({ ok: false, kind: 'rejected', message: 'A message for the shopper' });
        }),
      );
  });

  it('POST /api/users/delete-address deletes an own address', async () => {
    const user = { email: 'address.remover@example.com', password: 'Address#Pass1', userName: 'address-remover' };
    await pact
      .addInteraction()
      .given(...state(STATES.userLoggedIn, user))
      .given(...state(STATES.userHasAddress, { addressName: 'Old home' }))
      .uponReceiving('a deletion of an own address')
      .withRequest('POST', '/api/users/delete-address', (builder) => {
        builder
          .headers(jsonHeaders(EXAMPLE_ACCESS_TOKEN))
          .jsonBody({ _id: fromProviderState(injected(STATES.userHasAddress, 'addressId'), EXAMPLE_ADDRESS_ID) });
      })
      .willRespondWith(200, (builder) => {
        builder.jsonBody({ success: boolean(true), message: string('Address deleted successfully!') });
      })
      .executeTest(
        settled(async (mockServer) => {
          const result = await gateway(mockServer.url).deleteAddress(EXAMPLE_ADDRESS_ID);
          expect(result).toEqual({ ok: true, message: 'Address deleted successfully!', data: undefined });
        }),
      );
  });

  it("POST /api/users/delete-address with another user's address id is 404 with a message", async () => {
    const user = { email: 'delete.intruder@example.com', password: 'Address#Pass1', userName: 'delete-intruder' };
    const owner = { email: 'delete.owner@example.com', password: 'Owner#Pass1', userName: 'delete-owner', addressName: 'Owner home' };
    await pact
      .addInteraction()
      .given(...state(STATES.userLoggedIn, user))
      .given(...state(STATES.otherUserHasAddress, owner))
      .uponReceiving("a deletion of another user's address")
      .withRequest('POST', '/api/users/delete-address', (builder) => {
        builder
          .headers(jsonHeaders(EXAMPLE_ACCESS_TOKEN))
          .jsonBody({ _id: fromProviderState(injected(STATES.otherUserHasAddress, 'otherAddressId'), EXAMPLE_ADDRESS_ID) });
      })
      .willRespondWith(404, (builder) => {
        builder.jsonBody(errorBody);
      })
      .executeTest(
        settled(async (mockServer) => {
          const result = await gateway(mockServer.url).deleteAddress(EXAMPLE_ADDRESS_ID);
          expect(result).toEqual({ ok: false, kind: 'rejected', message: 'A message for the shopper' });
        }),
      );
  });
});
