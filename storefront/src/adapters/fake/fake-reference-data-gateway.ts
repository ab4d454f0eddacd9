import type { City, Country, Neighbour, SubMunicipality } from '@shop/core/domain/reference-data';
import type { ReferenceDataGateway } from '@shop/core/ports/reference-data-gateway';
import type { FakeDelay } from './fake-delay';

interface DemoDistrict extends SubMunicipality {
  neighbours: Neighbour[];
}

interface DemoCity extends City {
  districts: DemoDistrict[];
}

const district = (id: number, name: string, neighbourNames: string[]): DemoDistrict => ({
  subMunicipalityId: id,
  subMunicipalityNameInitialCapital: name,
  neighbours: neighbourNames.map((neighbour, index) => ({
    neighbourId: id * 100 + index + 1,
    neighbourNameInitialCapital: neighbour,
  })),
});

/** A city by its plate number: its id, and in two digits its code. */
const city = (plate: number, name: string, districts: DemoDistrict[]): DemoCity => ({
  stateId: plate,
  stateCode: String(plate).padStart(2, '0'),
  stateName: name,
  districts,
});

/** A few cities with stable district and neighbourhood ids. */
export const demoCities: DemoCity[] = [
  city(34, 'İstanbul', [
    district(3401, 'Kadıköy', ['Caferağa', 'Fenerbahçe', 'Moda', 'Göztepe']),
    district(3402, 'Beşiktaş', ['Levent', 'Etiler', 'Bebek', 'Ortaköy', 'Arnavutköy']),
    district(3403, 'Üsküdar', ['Kuzguncuk', 'Çengelköy', 'Altunizade']),
    district(3404, 'Şişli', ['Nişantaşı', 'Mecidiyeköy', 'Bomonti', 'Fulya']),
  ]),
  city(6, 'Ankara', [
    district(601, 'Çankaya', ['Kızılay', 'Bahçelievler', 'Çukurambar', 'Ayrancı']),
    district(602, 'Keçiören', ['Etlik', 'Aktepe', 'Kalaba']),
    district(603, 'Yenimahalle', ['Batıkent', 'Demetevler', 'Şentepe']),
  ]),
  city(35, 'İzmir', [
    district(3501, 'Konak', ['Alsancak', 'Göztepe', 'Güzelyalı', 'Kemeraltı']),
    district(3502, 'Karşıyaka', ['Bostanlı', 'Mavişehir', 'Alaybey']),
    district(3503, 'Bornova', ['Erzene', 'Kazımdirik', 'Evka 3']),
  ]),
  city(7, 'Antalya', [
    district(701, 'Muratpaşa', ['Lara', 'Konyaaltı Sahil', 'Kaleiçi']),
    district(702, 'Kaş', ['Kalkan', 'Çukurbağ', 'Merkez']),
  ]),
  city(16, 'Bursa', [
    district(1601, 'Nilüfer', ['Ataevler', 'Görükle', 'Özlüce']),
    district(1602, 'Osmangazi', ['Çekirge', 'Tophane', 'Hamitler', 'Demirtaş']),
  ]),
];

/** Türkiye first: the address form's default. */
export const demoCountries: Country[] = [
  { numericCode: '792', phoneCode: '+90', countryName: 'Türkiye' },
  { numericCode: '276', phoneCode: '+49', countryName: 'Germany' },
  { numericCode: '826', phoneCode: '+44', countryName: 'United Kingdom' },
  { numericCode: '840', phoneCode: '+1', countryName: 'United States' },
  { numericCode: '250', phoneCode: '+33', countryName: 'France' },
  { numericCode: '528', phoneCode: '+31', countryName: 'Netherlands' },
  { numericCode: '300', phoneCode: '+30', countryName: 'Greece' },
  { numericCode: '031', phoneCode: '+994', countryName: 'Azerbaijan' },
  { numericCode: '380', phoneCode: '+39', countryName: 'Italy' },
  { numericCode: '724', phoneCode: '+34', countryName: 'Spain' },
];

export interface FakeReferenceDataOptions {
  /** Awaited before every answer (see fake-delay.ts). */
  delay?: FakeDelay;
  /** Every lookup answers [], as the real adapter does when a call fails (SPEC 7). */
  failing?: boolean;
}

/** The reference lists answered from memory. Unknown codes or ids give an empty list. */
export class FakeReferenceDataGateway implements ReferenceDataGateway {
  /** Every lookup made, e.g. `subMunicipalities:34` (tests check the cascade). */
  readonly calls: string[] = [];

  constructor(private readonly options: FakeReferenceDataOptions = {}) {}

  private async answer<T>(call: string, list: () => T[]): Promise<T[]> {
    this.calls.push(call);
    await this.options.delay?.();
    return this.options.failing ? [] : list();
  }

  countries(): Promise<Country[]> {
    return this.answer('countries', () => demoCountries.map((country) => ({ ...country })));
  }

  cities(): Promise<City[]> {
    return this.answer('cities', () => demoCities.map(({ stateId, stateCode, stateName }) => ({ stateId, stateCode, stateName })));
  }

  subMunicipalities(stateCode: string): Promise<SubMunicipality[]> {
    return this.answer(`subMunicipalities:${stateCode}`, () =>
      (demoCities.find((city) => city.stateCode === stateCode)?.districts ?? []).map(
        ({ subMunicipalityId, subMunicipalityNameInitialCapital }) => ({ subMunicipalityId, subMunicipalityNameInitialCapital }),
      ),
    );
  }

  neighbours(subMunicipalityId: number): Promise<Neighbour[]> {
    return this.answer(`neighbours:${subMunicipalityId}`, () => {
      for (const city of demoCities) {
        const found = city.districts.find((candidate) => candidate.subMunicipalityId === subMunicipalityId);
        if (found) return found.neighbours.map((neighbour) => ({ ...neighbour }));
      }
      return [];
    });
  }
}

/** Every lookup answers [] (what the real adapter gives after logging a failure). */
export function failingReferenceDataGateway(): FakeReferenceDataGateway {
  return new FakeReferenceDataGateway({ failing: true });
}
