export interface City {
  stateId: number;
  stateCode: string;
  stateName: string;
}

export interface SubMunicipality {
  subMunicipalityId: number;
  subMunicipalityNameInitialCapital: string;
}

export interface Neighbour {
  neighbourId: number;
  neighbourNameInitialCapital: string;
}

export interface Country {
  numericCode: string;
  phoneCode: string;
  countryName: string;
}
