import type { Address } from '../domain/address';
import type { Result } from '../domain/result';

export interface AddressGateway {
  /** PUT /api/users/update-address; answers the server id of the saved address (`_newId`). */
  saveAddress(accessToken: string, address: Address): Promise<Result<{ newId: string }>>;
  /** POST /api/users/delete-address */
  deleteAddress(accessToken: string, addressId: string): Promise<Result<void>>;
}
