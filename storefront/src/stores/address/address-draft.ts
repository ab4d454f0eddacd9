import { makeAutoObservable, observableRef } from 'mobx';
import type { Address, AddressType } from '@shop/core/domain/address';
import { digitsOnly, withCity, withCorporateInvoice, withNeighbour, withSubMunicipality } from '@shop/core/domain/address-book';
import type { Neighbour, SubMunicipality } from '@shop/core/domain/reference-data';
import type { ReferenceDataStore } from './reference-data-store';

/** Free-text fields of the address form. */
export type AddressTextField =
  | 'addressName'
  | 'receiverName'
  | 'receiverPhoneCCode'
  | 'addressDetails'
  | 'streetOrAvenue'
  | 'building'
  | 'apartment'
  | 'postalCode'
  | 'countryName'
  | 'taxNumber'
  | 'taxOffice'
  | 'corporateTitle';

/** Phone parts that accept digits only (SPEC 5). */
export type AddressDigitsField = 'receiverPhoneACode' | 'receiverPhoneMain';

/**
 * The address being edited in one open tile. Every change goes through the domain rules
 * (digits only, corporate-invoice clearing, the city -> district -> neighbourhood cascade), and
 * the cascade asks the reference store for the next list.
 */
export class AddressDraft {
  address: Address;

  constructor(
    initial: Address,
    private readonly referenceData: ReferenceDataStore,
  ) {
    this.address = initial;
    makeAutoObservable<this, 'referenceData'>(this, { address: observableRef, referenceData: false }, { autoBind: true });
    // An existing address opens with its own district and neighbourhood lists ready.
    void referenceData.loadSubMunicipalities(initial.stateCode);
    void referenceData.loadNeighbours(initial.subMunicipalityId);
  }

  get subMunicipalities(): readonly SubMunicipality[] {
    return this.referenceData.subMunicipalitiesOf(this.address.stateCode);
  }

  get neighbours(): readonly Neighbour[] {
    return this.address.subMunicipalityId === null ? [] : this.referenceData.neighboursOf(this.address.subMunicipalityId);
  }

  setText(field: AddressTextField, value: string): void {
    this.address = { ...this.address, [field]: value };
  }

  /** Other input is ignored: the field keeps its previous value. */
  setDigits(field: AddressDigitsField, value: string): void {
    this.address = { ...this.address, [field]: digitsOnly(this.address[field], value) };
  }

  setType(type: AddressType): void {
    this.address = { ...this.address, addressType: type };
  }

  setDefault(on: boolean): void {
    this.address = { ...this.address, isDefaultAddress: on };
  }

  setCorporateInvoice(on: boolean): void {
    this.address = withCorporateInvoice(this.address, on);
  }

  /** A new city clears district and neighbourhood and loads the city's districts. */
  chooseCity(stateCode: string): void {
    const city = this.referenceData.cities.find((candidate) => candidate.stateCode === stateCode);
    this.address = withCity(this.address, city);
    if (city) void this.referenceData.loadSubMunicipalities(city.stateCode);
  }

  /** A new district clears the neighbourhood and loads the district's neighbourhoods. */
  chooseSubMunicipality(subMunicipalityId: number | null): void {
    const sub = this.subMunicipalities.find((candidate) => candidate.subMunicipalityId === subMunicipalityId);
    this.address = withSubMunicipality(this.address, sub);
    if (sub) void this.referenceData.loadNeighbours(sub.subMunicipalityId);
  }

  /** Stores the neighbourhood's id and name. */
  chooseNeighbour(neighbourId: number | null): void {
    const neighbour = this.neighbours.find((candidate) => candidate.neighbourId === neighbourId);
    this.address = withNeighbour(this.address, neighbour);
  }
}
