export type AddressType = 'Home' | 'Work' | '';

/** A delivery or invoice address (SPEC section 3). Server-assigned `_id`s are 16+ characters. */
export interface Address {
  _id?: string;
  addressId?: number;
  addressName: string;
  addressType: AddressType;
  receiverName: string;
  receiverPhoneCCode: string;
  receiverPhoneACode: string;
  receiverPhoneMain: string;
  addressDetails: string;
  stateCode: string;
  stateId: number | null;
  stateName: string;
  subMunicipalityId: number | null;
  subMunicipalityNameInitialCapital: string;
  neighbourId: number | null;
  neighbourNameInitialCapital: string;
  streetOrAvenue: string;
  building: string;
  apartment: string;
  postalCode: string;
  countryName: string;
  isDefaultAddress: boolean;
  isCorporateInvoice: boolean;
  taxNumber: string;
  taxOffice: string;
  corporateTitle: string;
}
