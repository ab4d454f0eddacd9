import { z } from 'zod';
import type { Address } from '../../../domain/address';
import { wireText } from './wire-text';

const nullableNumber = z
  .number()
  .nullish()
  .transform((value) => value ?? null);

const flag = z
  .boolean()
  .nullish()
  .transform((value) => value ?? false);

/** An address in `user.address` (wire format, SPEC section 3). */
export const wireAddressSchema = z.object({
  _id: z.string().min(1).optional(),
  addressId: z.number().optional(),
  addressName: wireText,
  // An unknown type reads as "not chosen" rather than failing the whole profile.
  addressType: z.enum(['Home', 'Work', '']).catch(''),
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
  isDefaultAddress: flag,
  isCorporateInvoice: flag,
  taxNumber: wireText,
  taxOffice: wireText,
  corporateTitle: wireText,
}) satisfies z.ZodType<Address>;

/** PUT /api/users/update-address answer. */
export const wireSaveAddressSchema = z.object({ _newId: z.string().min(1) });

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
