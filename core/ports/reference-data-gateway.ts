import type { City, Country, Neighbour, SubMunicipality } from '../domain/reference-data';

/** Reference lists. A failed lookup is logged by the adapter and gives an empty list (SPEC 7). */
export interface ReferenceDataGateway {
  countries(): Promise<Country[]>;
  cities(): Promise<City[]>;
  subMunicipalities(stateCode: string): Promise<SubMunicipality[]>;
  neighbours(subMunicipalityId: number): Promise<Neighbour[]>;
}
