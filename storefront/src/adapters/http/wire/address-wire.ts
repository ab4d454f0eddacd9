import { z } from 'zod/mini';
import type { Address } from '@shop/core/domain/address';
import { wireFlag, wireId, wireText } from './wire-text';

const nullableNumber = z.pipe(
  z.nullish(z.number()),
  z.transform((value) => value ?? null),
);

/** An address in `user.address` (wire format, SPEC section 3). */
export const wireAddressSchema = z.object({
  _id: z.optional(wireId),
  addressId: z.optional(z.number()),
  addressName: wireText,
  // An unknown type reads as "not chosen" rather than failing the whole profile.
  addressType: z.catch(z.enum(['Home', 'Work', '']), ''),
  receiverName: wireText,
  receiverPhoneCCode: wireText,
  receiverPhoneACode: wireText,
  receiverPhoneMain: wireText,
  addressDetails: wireText,
  stateCode: wireText,
  stateId: nullableNumber,
  stateName: wireText,
  subMunicipalityId: nullableNumber,
  subMunicipalityNameInitialCapital: wireText,
  neighbourId: nullableNumber,
  neighbourNameInitialCapital: wireText,
  streetOrAvenue: wireText,
  building: wireText,
  apartment: wireText,
  postalCode: wireText,
  countryName: wireText,
  isDefaultAddress: wireFlag,
  isCorporateInvoice: wireFlag,
  taxNumber: wireText,
  taxOffice: wireText,
  corporateTitle: wireText,
}) satisfies z.ZodMiniType<Address>;

/** PUT /api/users/update-address answer. */
export const wireSaveAddressSchema = z.object({ _newId: wireId });

/** Server-assigned ids are 16 or more characters (SPEC 3); shorter ones are local placeholders. */
export const SERVER_ID_MIN_LENGTH = 16;

/**
 * The update-address body: the address fields of the wire format. A local placeholder `_id`
 * (a new address not yet saved) is left out, so the server creates the address.
 */
export function toWireAddress(address: Address): Record<string, unknown> {
  const { _id, ...fields } = address;
  return _id !== undefined && _id.length >= SERVER_ID_MIN_LENGTH ? { _id, ...fields } : fields;
}
