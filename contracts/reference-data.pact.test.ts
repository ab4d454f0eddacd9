import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { ReferenceDataHttpGateway } from '../src/adapters/http/reference-data-http-gateway';
import { STATES, injected } from './provider-states';
import { contractHttpClient, createPact, settled, state } from './support/contract-pact';

const { eachLike, fromProviderState, integer, regex, string } = MatchersV3;

const pact = createPact();

const gateway = (baseUrl: string): ReferenceDataHttpGateway => new ReferenceDataHttpGateway(contractHttpClient(baseUrl));

describe('address reference lists', () => {
  it('GET /api/address/countries lists countries with numeric and phone codes', async () => {
    await pact
      .addInteraction()
      .uponReceiving('a request for the country list')
      .withRequest('GET', '/api/address/countries')
      .willRespondWith(200, (builder) => {
        builder.jsonBody(eachLike({ numericCode: regex('^\\d{3}$', '792'), phoneCode: string('+90'), countryName: string('Türkiye') }));
      })
      .executeTest(
        settled(async (mockServer) => {
          expect(await gateway(mockServer.url).countries()).toEqual([{ numericCode: '792', phoneCode: '+90', countryName: 'Türkiye' }]);
        }),
      );
  });

  it('GET /api/address/states lists the cities with their plate codes', async () => {
    await pact
      .addInteraction()
      .uponReceiving('a request for the city list')
      .withRequest('GET', '/api/address/states')
      .willRespondWith(200, (builder) => {
        builder.jsonBody(eachLike({ stateId: integer(34), stateCode: regex('^\\d{2}$', '34'), stateName: string('İstanbul') }));
      })
      .executeTest(
        settled(async (mockServer) => {
          expect(await gateway(mockServer.url).cities()).toEqual([{ stateId: 34, stateCode: '34', stateName: 'İstanbul' }]);
        }),
      );
  });

  it('GET /api/address/submunicipalities/{stateCode} lists the districts of a city', async () => {
    await pact
      .addInteraction()
      .given(...state(STATES.cityWithDistricts, { stateCode: '34' }))
      .uponReceiving('a request for the sub-municipalities of a city')
      .withRequest('GET', '/api/address/submunicipalities/34')
      .willRespondWith(200, (builder) => {
        builder.jsonBody(eachLike({ subMunicipalityId: integer(1421), subMunicipalityNameInitialCapital: string('Kadıköy') }));
      })
      .executeTest(
        settled(async (mockServer) => {
          expect(await gateway(mockServer.url).subMunicipalities('34')).toEqual([
            { subMunicipalityId: 1421, subMunicipalityNameInitialCapital: 'Kadıköy' },
          ]);
        }),
      );
  });

  it('GET /api/address/neighbours/{subMunicipalityId} lists the neighbourhoods of a district', async () => {
    await pact
      .addInteraction()
      .given(...state(STATES.cityWithDistricts, { stateCode: '34' }))
      .uponReceiving('a request for the neighbourhoods of a sub-municipality')
      .withRequest(
        'GET',
        fromProviderState(
          `/api/address/neighbours/${injected(STATES.cityWithDistricts, 'subMunicipalityId')}`,
          '/api/address/neighbours/1421',
        ),
      )
      .willRespondWith(200, (builder) => {
        builder.jsonBody(eachLike({ neighbourId: integer(40211), neighbourNameInitialCapital: string('Caferağa') }));
      })
      .executeTest(
        settled(async (mockServer) => {
          expect(await gateway(mockServer.url).neighbours(1421)).toEqual([{ neighbourId: 40211, neighbourNameInitialCapital: 'Caferağa' }]);
        }),
      );
  });
});
