import { makeAutoObservable, observable, observableRef, runInAction } from 'mobx';
import type { City, Country, Neighbour, SubMunicipality } from '@shop/core/domain/reference-data';
import type { ReferenceDataGateway } from '@shop/core/ports/reference-data-gateway';

// Sorted as a Turkish reader expects (Ç after C, Ş after S), so a select's type-ahead lands
// where the shopper looks. Made on first use (a browser loads its locale data when it is made).
let collator: Intl.Collator | undefined;
const byName =
  <T>(name: (item: T) => string) =>
  (list: readonly T[]): T[] =>
    [...list].sort((a, b) => (collator ??= new Intl.Collator('tr')).compare(name(a), name(b)));
const sortCities = byName<City>((city) => city.stateName);
const sortSubs = byName<SubMunicipality>((sub) => sub.subMunicipalityNameInitialCapital);
const sortNeighbours = byName<Neighbour>((neighbour) => neighbour.neighbourNameInitialCapital);

/**
 * The reference lists behind the address form's cascading selects (SPEC sections 3 and 4).
 * Every list is fetched once and cached: countries and cities for the app, districts per
 * stateCode, neighbourhoods per subMunicipalityId. Lists are replaced whole (observableRef), never
 * mutated. A failed lookup already answers [] from the adapter (which logs it), so an empty list
 * is a valid, cached answer.
 */
export class ReferenceDataStore {
  countries: readonly Country[] = [];
  cities: readonly City[] = [];
  private readonly subMunicipalityLists = observable.map<string, readonly SubMunicipality[]>({}, { deep: false });
  private readonly neighbourLists = observable.map<number, readonly Neighbour[]>({}, { deep: false });
  // Requests in flight or done, so two tiles asking for the same list share one call.
  private readonly requests = new Map<string, Promise<void>>();

  constructor(private readonly gateway: ReferenceDataGateway) {
    makeAutoObservable<this, 'gateway' | 'requests' | 'subMunicipalityLists' | 'neighbourLists' | 'once'>(
      this,
      {
        countries: observableRef,
        cities: observableRef,
        gateway: false,
        requests: false,
        subMunicipalityLists: false,
        neighbourLists: false,
        once: false,
      },
      { autoBind: true },
    );
  }

  /** Districts of a city, or [] until they arrive (see `loadSubMunicipalities`). */
  subMunicipalitiesOf(stateCode: string): readonly SubMunicipality[] {
    return this.subMunicipalityLists.get(stateCode) ?? [];
  }

  neighboursOf(subMunicipalityId: number): readonly Neighbour[] {
    return this.neighbourLists.get(subMunicipalityId) ?? [];
  }

  /** Countries (with phone codes) and cities: the lists every address form needs. */
  loadBasics(): Promise<void> {
    return Promise.all([
      this.once('countries', async () => {
        const countries = await this.gateway.countries();
        runInAction(() => (this.countries = countries));
      }),
      this.once('cities', async () => {
        const cities = await this.gateway.cities();
        runInAction(() => (this.cities = sortCities(cities)));
      }),
    ]).then(() => undefined);
  }

  loadSubMunicipalities(stateCode: string): Promise<void> {
    if (!stateCode) return Promise.resolve();
    return this.once(`sub:${stateCode}`, async () => {
      const list = await this.gateway.subMunicipalities(stateCode);
      runInAction(() => this.subMunicipalityLists.set(stateCode, sortSubs(list)));
    });
  }

  loadNeighbours(subMunicipalityId: number | null): Promise<void> {
    if (subMunicipalityId === null) return Promise.resolve();
    return this.once(`nb:${subMunicipalityId}`, async () => {
      const list = await this.gateway.neighbours(subMunicipalityId);
      runInAction(() => this.neighbourLists.set(subMunicipalityId, sortNeighbours(list)));
    });
  }

  private once(key: string, load: () => Promise<void>): Promise<void> {
    let request = this.requests.get(key);
    if (!request) {
      // The port promises [] on failure; a rejection (a broken adapter) is forgotten so a later
      // form can ask again, and the list stays empty meanwhile.
      request = load().catch(() => {
        this.requests.delete(key);
      });
      this.requests.set(key, request);
    }
    return request;
  }
}
