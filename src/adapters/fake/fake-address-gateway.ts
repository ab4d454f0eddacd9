import type { Address } from '../../domain/address';
import { messages } from '../../domain/messages';
import type { Result } from '../../domain/result';
import type { AddressGateway } from '../../ports/address-gateway';
import type { FakeAccountStore } from './fake-account-store';
import { type FakeGatewayOptions, SwitchableFake } from './fake-failure';

const fail = (status: number, message: string): Result<never> => ({ ok: false, status, message });

/**
 * The address calls answered from memory, on the account fake's users (so saved addresses show
 * up in the profile). Server rules: another user's id is 404 and changes nothing; a default
 * address takes the default from the user's other addresses; `addressId` grows per user.
 */
export class FakeAddressGateway extends SwitchableFake implements AddressGateway {
  constructor(
    readonly store: FakeAccountStore,
    options: FakeGatewayOptions = {},
  ) {
    super(options);
  }

  saveAddress(accessToken: string, address: Address): Promise<Result<{ newId: string }>> {
    return this.answer<{ newId: string }>(() => {
      const record = this.store.authenticate(accessToken);
      if (!record) return fail(401, 'Unauthorized');
      // The server's rule: the phone's area code and number are digits only.
      for (const field of ['receiverPhoneACode', 'receiverPhoneMain'] as const) {
        if (!/^\d*$/.test(address[field])) return fail(400, `Invalid request. ${field}: Digits only.`);
      }
      const addresses = record.user.address;
      let saved: Address;
      if (address._id !== undefined && address._id !== '') {
        const index = addresses.findIndex((candidate) => candidate._id === address._id);
        const existing = addresses[index];
        if (!existing) return fail(404, 'Address not found');
        // The server keeps its own addressId for an existing address.
        saved = { ...structuredClone(address), _id: existing._id, addressId: existing.addressId };
        addresses[index] = saved;
      } else {
        const lastId = Math.max(0, ...addresses.map((candidate) => candidate.addressId ?? 0));
        saved = { ...structuredClone(address), _id: this.store.newId(), addressId: lastId + 1 };
        addresses.push(saved);
      }
      if (saved.isDefaultAddress) {
        for (const other of addresses) if (other !== saved) other.isDefaultAddress = false;
      }
      const newId = saved._id ?? '';
      return { ok: true, status: 200, data: { newId }, message: messages.address.updated };
    });
  }

  deleteAddress(accessToken: string, addressId: string): Promise<Result<void>> {
    return this.answer<void>(() => {
      const record = this.store.authenticate(accessToken);
      if (!record) return fail(401, 'Unauthorized');
      const index = record.user.address.findIndex((candidate) => candidate._id === addressId);
      if (index < 0) return fail(404, 'Address not found');
      record.user.address.splice(index, 1);
      return { ok: true, status: 200, data: undefined, message: messages.address.deleted };
    });
  }
}
