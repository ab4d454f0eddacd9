import type { Address } from './address';
import type { City, Neighbour, SubMunicipality } from './reference-data';

/**
 * Address editing rules (SPEC sections 3-5). Pure and immutable: every function returns new
 * objects, so a store can keep the previous list as its rollback snapshot.
 */

/** Key of the one new, unsaved address tile; it opens in edit mode (SPEC section 8). */
export const NEW_ADDRESS_KEY = 999;

/** Server-assigned ids are 16 or more characters; anything shorter is a local temporary id. */
export const SERVER_ID_MIN_LENGTH = 16;

/** The location parts of an address with nothing chosen: the city, its district, the district's neighbourhood. */
const NO_CITY = { stateCode: '', stateId: null, stateName: '' } as const;
const NO_SUB_MUNICIPALITY = { subMunicipalityId: null, subMunicipalityNameInitialCapital: '' } as const;
const NO_NEIGHBOUR = { neighbourId: null, neighbourNameInitialCapital: '' } as const;

export function emptyAddress(): Address {
  return {
    addressName: '',
    addressType: '',
    receiverName: '',
    receiverPhoneCCode: '',
    receiverPhoneACode: '',
    receiverPhoneMain: '',
    addressDetails: '',
    ...NO_CITY,
    ...NO_SUB_MUNICIPALITY,
    ...NO_NEIGHBOUR,
    streetOrAvenue: '',
    building: '',
    apartment: '',
    postalCode: '',
    countryName: '',
    isDefaultAddress: false,
    isCorporateInvoice: false,
    taxNumber: '',
    taxOffice: '',
    corporateTitle: '',
  };
}

export function isServerId(id?: string): boolean {
  return typeof id === 'string' && id.length >= SERVER_ID_MIN_LENGTH;
}

/** A listed address (saved, or optimistically saved with a temporary id) by its id; a new one by 999. */
export function addressKey(address: Pick<Address, '_id'>): string | number {
  return address._id ? address._id : NEW_ADDRESS_KEY;
}

/** Newest first by addressId; addresses without one (not yet numbered by the server) come first. */
export function sortNewestFirst(addresses: readonly Address[]): Address[] {
  // Array.prototype.sort is stable, so equal keys keep their order.
  return [...addresses].sort((a, b) => {
    if (a.addressId === undefined || b.addressId === undefined) {
      return (a.addressId === undefined ? 0 : 1) - (b.addressId === undefined ? 0 : 1);
    }
    return b.addressId - a.addressId;
  });
}

/** Phone area code and number: digits only, empty allowed; any other input is ignored. */
export function digitsOnly(previous: string, input: string): string {
  return /^[0-9]*$/.test(input) ? input : previous;
}

/** Unticking corporate invoice clears tax number, tax office and corporate title. */
export function withCorporateInvoice(address: Address, on: boolean): Address {
  if (on) return { ...address, isCorporateInvoice: true };
  return { ...address, isCorporateInvoice: false, taxNumber: '', taxOffice: '', corporateTitle: '' };
}

/**
 * A new city invalidates the district and neighbourhood chosen under the old one; none (a city
 * the list does not have) clears all three.
 */
export function withCity(address: Address, city: City | undefined): Address {
  const chosen = city ? { stateId: city.stateId, stateCode: city.stateCode, stateName: city.stateName } : NO_CITY;
  return { ...address, ...chosen, ...NO_SUB_MUNICIPALITY, ...NO_NEIGHBOUR };
}

/** A new district invalidates the neighbourhood; none clears both. */
export function withSubMunicipality(address: Address, sub: SubMunicipality | undefined): Address {
  const chosen = sub
    ? { subMunicipalityId: sub.subMunicipalityId, subMunicipalityNameInitialCapital: sub.subMunicipalityNameInitialCapital }
    : NO_SUB_MUNICIPALITY;
  return { ...address, ...chosen, ...NO_NEIGHBOUR };
}

export function withNeighbour(address: Address, neighbour: Neighbour | undefined): Address {
  const chosen = neighbour
    ? { neighbourId: neighbour.neighbourId, neighbourNameInitialCapital: neighbour.neighbourNameInitialCapital }
    : NO_NEIGHBOUR;
  return { ...address, ...chosen };
}

/** When the saved address (by key) is the default, every other one stops being default. */
export function applyDefaultExclusivity(addresses: readonly Address[], savedKey: string | number): Address[] {
  const saved = addresses.find((address) => addressKey(address) === savedKey);
  if (!saved?.isDefaultAddress) return [...addresses];
  return addresses.map((address) => (address !== saved && address.isDefaultAddress ? { ...address, isDefaultAddress: false } : address));
}

/**
 * A local id for an address saved optimistically, before the server answers with `_newId`.
 * Base 36 keeps it under 16 characters for every safe integer, so it is never taken for a
 * server id.
 */
export function temporaryId(counter: number): string {
  const n = Number.isFinite(counter) ? Math.abs(Math.trunc(counter)) : 0;
  return `tmp-${Math.min(n, Number.MAX_SAFE_INTEGER).toString(36)}`;
}

/**
 * The list as it should look right after Save, before the server answers: an address with an
 * `_id` in the list replaces it; otherwise it is added at the top (with `tempId` when it has no
 * `_id` yet). Default exclusivity is applied at once.
 */
export function optimisticSave(addresses: readonly Address[], edited: Address, tempId: string): Address[] {
  const id = edited._id ? edited._id : tempId;
  const saved: Address = { ...edited, _id: id };
  const index = addresses.findIndex((address) => address._id === id);
  const next = index === -1 ? [saved, ...addresses] : addresses.map((address, i) => (i === index ? saved : address));
  return applyDefaultExclusivity(next, id);
}

/**
 * Swaps the temporary (or old) id for the server's `_newId`. If the list already holds an address
 * with the new id (it was refreshed from the server meanwhile), the temporary entry is dropped
 * instead of showing the address twice.
 */
export function reconcileSaved(addresses: readonly Address[], tempOrId: string, newId: string): Address[] {
  if (!newId || tempOrId === newId) return [...addresses];
  if (addresses.some((address) => address._id === newId)) {
    return addresses.filter((address) => address._id !== tempOrId);
  }
  return addresses.map((address) => (address._id === tempOrId ? { ...address, _id: newId } : address));
}

/** Removes by `_id`; `undefined` removes the unsaved tiles (they have no `_id`). */
export function removeAddress(addresses: readonly Address[], id: string | undefined): Address[] {
  return addresses.filter((address) => (id ? address._id !== id : Boolean(address._id)));
}

/** True when nothing in the list is unsaved or still waiting for its server id (closes the new-address form). */
export function holdsOnlyServerIds(addresses: readonly Address[]): boolean {
  return addresses.every((address) => isServerId(address._id));
}
