import { describe, expect, it } from 'vitest';
import { demoAddresses } from './demo-account';
import { FakeReferenceDataGateway, failingReferenceDataGateway } from './fake-reference-data-gateway';

describe('FakeReferenceDataGateway', () => {
  const gateway = new FakeReferenceDataGateway();

  it('lists countries with Türkiye first', async () => {
    const countries = await gateway.countries();
    expect(countries[0]).toEqual({ numericCode: '792', phoneCode: '+90', countryName: 'Türkiye' });
    expect(countries.length).toBeGreaterThanOrEqual(10);
  });

  it('lists cities with their plate codes', async () => {
    const cities = await gateway.cities();
    expect(cities).toContainEqual({ stateId: 34, stateCode: '34', stateName: 'İstanbul' });
    expect(cities).toContainEqual({ stateId: 6, stateCode: '06', stateName: 'Ankara' });
    expect(cities).toContainEqual({ stateId: 35, stateCode: '35', stateName: 'İzmir' });
  });

  it('cascades city -> districts -> neighbourhoods with unique ids', async () => {
    const seenDistricts = new Set<number>();
    const seenNeighbours = new Set<number>();
    for (const city of await gateway.cities()) {
      const districts = await gateway.subMunicipalities(city.stateCode);
      expect(districts.length).toBeGreaterThanOrEqual(2);
      for (const district of districts) {
        expect(seenDistricts.has(district.subMunicipalityId)).toBe(false);
        seenDistricts.add(district.subMunicipalityId);
        const neighbours = await gateway.neighbours(district.subMunicipalityId);
        expect(neighbours.length).toBeGreaterThanOrEqual(3);
        for (const neighbour of neighbours) {
          expect(seenNeighbours.has(neighbour.neighbourId)).toBe(false);
          seenNeighbours.add(neighbour.neighbourId);
        }
      }
    }
  });

  it('gives empty lists for unknown codes', async () => {
    expect(await gateway.subMunicipalities('99')).toEqual([]);
    expect(await gateway.neighbours(1)).toEqual([]);
  });

  it('agrees with the demo addresses', async () => {
    for (const address of demoAddresses()) {
      const districts = await gateway.subMunicipalities(address.stateCode);
      expect(districts).toContainEqual({
        subMunicipalityId: address.subMunicipalityId,
        subMunicipalityNameInitialCapital: address.subMunicipalityNameInitialCapital,
      });
      expect(await gateway.neighbours(address.subMunicipalityId ?? -1)).toContainEqual({
        neighbourId: address.neighbourId,
        neighbourNameInitialCapital: address.neighbourNameInitialCapital,
      });
    }
  });

  it('failing variant answers empty lists', async () => {
    const failing = failingReferenceDataGateway();
    expect(await failing.countries()).toEqual([]);
    expect(await failing.cities()).toEqual([]);
    expect(await failing.subMunicipalities('34')).toEqual([]);
    expect(await failing.neighbours(3401)).toEqual([]);
  });
});
