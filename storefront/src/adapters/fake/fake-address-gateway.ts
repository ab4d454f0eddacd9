import type { Address } from '@shop/core/domain/address';
import { accountMessages } from '../../texts/account-messages';
import { AddressHttpGateway } from '../http/address-http-gateway';
import type { FakeAccountStore } from './fake-account-store';
import { type FakeGatewayOptions, FakeServer, NO_SESSION, refused, routes, succeeded, text } from './fake-server';

/**
 * The address calls of the reference server, answered from memory on the account fake's users
 * (so saved addresses show up in the profile). Its rules: another user's id is 404 and changes
 * nothing; a default address takes the default from the user's other addresses; `addressId`
 * grows per user.
 */
function addressRoutes(store: FakeAccountStore) {
  return routes({
    'PUT /api/users/update-address': store.forUser((record, { body }) => {
      // The server's rule: the phone's area code and number are digits only.
      for (const field of ['receiverPhoneACode', 'receiverPhoneMain'] as const) {
        if (!/^\d*$/.test(text(body[field]))) return refused(400, `Invalid request. ${field}: Digits only.`);
      }
      const address = body as unknown as Address;
      const addresses = record.user.address;
      const index = text(body._id) === '' ? -1 : addresses.findIndex((candidate) => candidate._id === address._id);
      const existing = addresses[index];
      if (text(body._id) !== '' && !existing) return refused(404, 'Address not found');
      // The server keeps its own addressId for an existing address.
      const lastId = Math.max(0, ...addresses.map((candidate) => candidate.addressId ?? 0));
      const saved = existing
        ? { ...address, _id: existing._id, addressId: existing.addressId }
        : { ...address, _id: store.newId(), addressId: lastId + 1 };
      if (existing) addresses[index] = saved;
      else addresses.push(saved);
      if (saved.isDefaultAddress) for (const other of addresses) if (other !== saved) other.isDefaultAddress = false;
      return succeeded({ _newId: saved._id }, accountMessages.address.updated);
    }),
    'POST /api/users/delete-address': store.forUser((record, { body }) => {
      const index = record.user.address.findIndex((candidate) => candidate._id === text(body._id));
      if (index < 0) return refused(404, 'Address not found');
      record.user.address.splice(index, 1);
      return succeeded({}, accountMessages.address.deleted);
    }),
  });
}

/** The shop's AddressHttpGateway over the fake server, on the account fake's users. */
export class FakeAddressGateway extends AddressHttpGateway {
  /** The fake API server answering this gateway; `server.failWith` switches it into a failure mode. */
  readonly server: FakeServer;

  constructor(
    readonly store: FakeAccountStore,
    options: FakeGatewayOptions = {},
  ) {
    const server = new FakeServer(addressRoutes(store), options);
    super(server.http, options.session ?? NO_SESSION);
    this.server = server;
  }
}
