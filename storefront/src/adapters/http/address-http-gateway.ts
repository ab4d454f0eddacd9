import type { Address } from '@shop/core/domain/address';
import type { Outcome } from '@shop/core/domain/outcome';
import type { AddressGateway } from '@shop/core/ports/address-gateway';
import type { SessionCredentials } from '@shop/core/ports/session-credentials';
import { AuthenticatedHttp } from './authenticated-http';
import type { HttpClient } from './http-client';
import { toOutcome } from './to-outcome';
import { toWireAddress, wireSaveAddressSchema } from './wire/address-wire';
import { wireAcknowledgementSchema } from './wire/account-wire';

export class AddressHttpGateway implements AddressGateway {
  private readonly authenticated: AuthenticatedHttp;

  constructor(http: HttpClient, session: SessionCredentials) {
    this.authenticated = new AuthenticatedHttp(http, session);
  }

  /** PUT update-address; a new address (no server id yet) is sent without `_id`. */
  async saveAddress(address: Address): Promise<Outcome<{ newId: string }>> {
    const response = await this.authenticated.request('PUT', '/api/users/update-address', { body: toWireAddress(address) });
    return toOutcome(response, wireSaveAddressSchema, ({ _newId }) => ({ newId: _newId }));
  }

  async deleteAddress(addressId: string): Promise<Outcome<void>> {
    const response = await this.authenticated.request('POST', '/api/users/delete-address', { body: { _id: addressId } });
    return toOutcome(response, wireAcknowledgementSchema, () => undefined);
  }
}
