import type { Address } from '../../domain/address';
import type { Result } from '../../domain/result';
import type { AddressGateway } from '../../ports/address-gateway';
import type { HttpClient } from './http-client';
import { toResult } from './to-result';
import { toWireAddress, wireSaveAddressSchema } from './wire/address-wire';
import { wireAcknowledgementSchema } from './wire/account-wire';

export class AddressHttpGateway implements AddressGateway {
  constructor(private readonly http: HttpClient) {}

  /** PUT update-address; a new address (no server id yet) is sent without `_id`. */
  async saveAddress(accessToken: string, address: Address): Promise<Result<{ newId: string }>> {
    const response = await this.http.request('PUT', '/api/users/update-address', {
      bearer: accessToken,
      body: toWireAddress(address),
    });
    return toResult(response, wireSaveAddressSchema, ({ _newId }) => ({ newId: _newId }));
  }

  async deleteAddress(accessToken: string, addressId: string): Promise<Result<void>> {
    const response = await this.http.request('POST', '/api/users/delete-address', {
      bearer: accessToken,
      body: { _id: addressId },
    });
    return toResult(response, wireAcknowledgementSchema, () => undefined);
  }
}
