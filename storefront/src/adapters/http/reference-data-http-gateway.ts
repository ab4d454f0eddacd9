import type { z } from 'zod/mini';
import type { City, Country, Neighbour, SubMunicipality } from '@shop/core/domain/reference-data';
import type { ReferenceDataGateway } from '@shop/core/ports/reference-data-gateway';
import type { HttpClient } from './http-client';
import { toOutcome } from './to-outcome';
import { wireCityListSchema, wireCountryListSchema, wireNeighbourListSchema, wireSubMunicipalityListSchema } from './wire/reference-wire';

/** Reference lists; a failed lookup is logged and reads as an empty list (SPEC 7). */
export class ReferenceDataHttpGateway implements ReferenceDataGateway {
  constructor(private readonly http: HttpClient) {}

  countries(): Promise<Country[]> {
    return this.list('/api/address/countries', wireCountryListSchema);
  }

  cities(): Promise<City[]> {
    return this.list('/api/address/states', wireCityListSchema);
  }

  subMunicipalities(stateCode: string): Promise<SubMunicipality[]> {
    return this.list(`/api/address/submunicipalities/${encodeURIComponent(stateCode)}`, wireSubMunicipalityListSchema);
  }

  neighbours(subMunicipalityId: number): Promise<Neighbour[]> {
    return this.list(`/api/address/neighbours/${encodeURIComponent(String(subMunicipalityId))}`, wireNeighbourListSchema);
  }

  private async list<T>(path: string, schema: z.ZodMiniType<T[]>): Promise<T[]> {
    const response = await this.http.request('GET', path);
    const outcome = toOutcome(response, schema);
    if (outcome.ok) return outcome.data;
    // These calls carry no token; the path and status are all that is logged.
    console.error(`Reference data lookup failed: GET ${path} (${response.status}): ${outcome.message ?? 'no message'}`);
    return [];
  }
}
