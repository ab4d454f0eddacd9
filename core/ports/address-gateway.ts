import type { Address } from '../domain/address';
import type { Outcome } from '../domain/outcome';

/** The signed-in user's address book (authenticated calls). */
export interface AddressGateway {
  /** PUT /api/users/update-address; answers the server id of the saved address (`_newId`). */
  saveAddress(address: Address): Promise<Outcome<{ newId: string }>>;
  /** POST /api/users/delete-address */
  deleteAddress(addressId: string): Promise<Outcome<void>>;
}
