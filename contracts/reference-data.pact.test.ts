import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { ReferenceDataHttpGateway } from '../storefront/src/adapters/http/reference-data-http-gateway';
import type { HttpClient } from '../storefront/src/adapters/http/http-client';
import { STATES, injected } from './provider-states';
import { verifyInteraction } from './support/contract-pact';

const { eachLike, fromProviderState, integer, regex, string } = MatchersV3;

const gateway = (http: HttpClient): ReferenceDataHttpGateway => new ReferenceDataHttpGateway(http);

describe('address reference lists', () => {
  it('GET /api/address/countries lists countries with numeric and phone codes', async () => {
    await verifyInteraction({
      given: {},
      uponReceiving: 'a request for the country list',
      request: { method: 'GET', path: '/api/address/countries' },
      response: {
        status: 200,
        body: eachLike({ numericCode: regex('^\\d{3}$', '792'), phoneCode: string('+90'), countryName: string('Türkiye') }),
      },
      test: async ({ http }) => {
        expect(await gateway(http).countries()).toEqual([{ numericCode: '792', phoneCode: '+90', countryName: 'Türkiye' }]);
      },
    });
  });

  it('GET /api/address/states lists the cities with their plate codes', async () => {
    await verifyInteraction({
      given: {},
      uponReceiving: 'a request for the city list',
      request: { method: 'GET', path: '/api/address/states' },
      response: {
        status: 200,
        body: eachLike({ stateId: integer(34), stateCode: regex('^\\d{2}$', '34'), stateName: string('İstanbul') }),
      },
      test: async ({ http }) => {
        expect(await gateway(http).cities()).toEqual([{ stateId: 34, stateCode: '34', stateName: 'İstanbul' }]);
      },
    });
  });

  it('GET /api/address/submunicipalities/{stateCode} lists the districts of a city', async () => {
    await verifyInteraction({
      given: { [STATES.cityWithDistricts]: { stateCode: '34' } },
      uponReceiving: 'a request for the sub-municipalities of a city',
      request: { method: 'GET', path: '/api/address/submunicipalities/34' },
      response: { status: 200, body: eachLike({ subMunicipalityId: integer(1421), subMunicipalityNameInitialCapital: string('Kadıköy') }) },
      test: async ({ http }) => {
        expect(await gateway(http).subMunicipalities('34')).toEqual([
          { subMunicipalityId: 1421, subMunicipalityNameInitialCapital: 'Kadıköy' },
        ]);
      },
    });
  });

  it('GET /api/address/neighbours/{subMunicipalityId} lists the neighbourhoods of a district', async () => {
    await verifyInteraction({
      given: { [STATES.cityWithDistricts]: { stateCode: '34' } },
      uponReceiving: 'a request for the neighbourhoods of a sub-municipality',
      request: {
        method: 'GET',
        path: fromProviderState(
          `/api/address/neighbours/${injected(STATES.cityWithDistricts, 'subMunicipalityId')}`,
          '/api/address/neighbours/1421',
        ),
      },
      response: { status: 200, body: eachLike({ neighbourId: integer(40211), neighbourNameInitialCapital: string('Caferağa') }) },
      test: async ({ http }) => {
        expect(await gateway(http).neighbours(1421)).toEqual([{ neighbourId: 40211, neighbourNameInitialCapital: 'Caferağa' }]);
      },
    });
  });
});
