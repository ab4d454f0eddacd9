import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestServer } from '../testing/test-server';
import { loadTurkeyPlaces } from './turkey-places';

let server: TestServer;
let app: FastifyInstance;

beforeAll(async () => {
  server = await build();
  ({ app } = server);
});

afterAll(async () => {
  await server.close();
});

async function getJson<T>(url: string): Promise<T> {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  return response.json<T>();
}

type State = { stateId: number; stateCode: string; stateName: string };
type District = { subMunicipalityId: number; subMunicipalityNameInitialCapital: string };
type Neighbour = { neighbourId: number; neighbourNameInitialCapital: string };

describe('GET /api/address/states', () => {
  it('lists the 81 cities with plate codes as stateCode and numeric ids', async () => {
    const states = await getJson<State[]>('/api/address/states');
    expect(states).toHaveLength(81);
    expect(states).toContainEqual({ stateId: 34, stateCode: '34', stateName: 'İstanbul' });
    expect(states).toContainEqual({ stateId: 1, stateCode: '01', stateName: 'Adana' });
    expect(new Set(states.map((state) => state.stateCode))).toEqual(
      new Set(Array.from({ length: 81 }, (_, index) => String(index + 1).padStart(2, '0'))),
    );
    expect(states[0]?.stateName).toBe('Adana');
    expect(states.at(-1)?.stateName).toBe('Zonguldak');
  });
});

describe('GET /api/address/submunicipalities/:stateCode', () => {
  it('lists İstanbul districts, Kadıköy among them, in Turkish order', async () => {
    const districts = await getJson<District[]>('/api/address/submunicipalities/34');
    expect(districts.length).toBeGreaterThanOrEqual(39);
    const names = districts.map((district) => district.subMunicipalityNameInitialCapital);
    expect(names).toContain('Kadıköy');
    expect(names).toEqual([...names].sort(new Intl.Collator('tr').compare));
    expect(districts.every((district) => Math.floor(district.subMunicipalityId / 1000) === 34)).toBe(true);
    expect(new Set(districts.map((district) => district.subMunicipalityId)).size).toBe(districts.length);
  });

  it('accepts a one-digit plate code', async () => {
    expect(await getJson<District[]>('/api/address/submunicipalities/6')).toEqual(
      await getJson<District[]>('/api/address/submunicipalities/06'),
    );
    expect((await getJson<District[]>('/api/address/submunicipalities/6')).map((d) => d.subMunicipalityNameInitialCapital)).toContain(
      'Çankaya',
    );
  });

  it('answers an unknown plate code with an empty list', async () => {
    expect(await getJson<District[]>('/api/address/submunicipalities/82')).toEqual([]);
    expect(await getJson<District[]>('/api/address/submunicipalities/00')).toEqual([]);
  });

  it.each(['abc', '123', '-1', '3%204'])('answers a malformed code %j with 400', async (code) => {
    const response = await app.inject({ method: 'GET', url: `/api/address/submunicipalities/${code}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false });
  });
});

describe('GET /api/address/neighbours/:subMunicipalityId', () => {
  it('lists Kadıköy neighbourhoods without the "Mah" suffix', async () => {
    const districts = await getJson<District[]>('/api/address/submunicipalities/34');
    const kadikoy = districts.find((district) => district.subMunicipalityNameInitialCapital === 'Kadıköy');
    expect(kadikoy).toBeDefined();
    const neighbours = await getJson<Neighbour[]>(`/api/address/neighbours/${kadikoy?.subMunicipalityId}`);
    const names = neighbours.map((neighbour) => neighbour.neighbourNameInitialCapital);
    expect(names).toContain('Caferağa');
    expect(names).toContain('Fenerbahçe');
    expect(names.some((name) => name.endsWith(' Mah'))).toBe(false);
    expect(neighbours.every((neighbour) => Math.floor(neighbour.neighbourId / 1000) === kadikoy?.subMunicipalityId)).toBe(true);
  });

  it('capitalises every word, Turkish-aware', () => {
    const places = loadTurkeyPlaces();
    const all = [...places.neighboursBySubMunicipalityId.values()].flat();
    expect(all.length).toBeGreaterThan(50_000);
    expect(all.filter((neighbour) => /(^|[\s(])\p{Ll}/u.test(neighbour.neighbourNameInitialCapital))).toEqual([]);
    expect(all.some((neighbour) => neighbour.neighbourNameInitialCapital.includes('(Dodurga Beldesi)'))).toBe(true);
  });

  it('answers an unknown id with an empty list and a malformed one with 400', async () => {
    expect(await getJson<Neighbour[]>('/api/address/neighbours/999999')).toEqual([]);
    for (const id of ['abc', '1.5', '-3', '1234567890']) {
      const response = await app.inject({ method: 'GET', url: `/api/address/neighbours/${id}` });
      expect(response.statusCode, id).toBe(400);
      expect(response.json()).toMatchObject({ success: false });
    }
  });
});

describe('stable ids', () => {
  it('derives the same ids on every load', () => {
    const first = loadTurkeyPlaces();
    const second = loadTurkeyPlaces();
    expect(second.states).toEqual(first.states);
    expect([...second.subMunicipalitiesByStateCode]).toEqual([...first.subMunicipalitiesByStateCode]);
    const kadikoy = first.subMunicipalitiesByStateCode.get('34')?.find((d) => d.subMunicipalityNameInitialCapital === 'Kadıköy');
    expect(kadikoy).toBeDefined();
    const id = kadikoy?.subMunicipalityId ?? 0;
    expect(second.neighboursBySubMunicipalityId.get(id)).toEqual(first.neighboursBySubMunicipalityId.get(id));
    const allIds = [...first.neighboursBySubMunicipalityId.values()].flat().map((neighbour) => neighbour.neighbourId);
    expect(new Set(allIds).size).toBe(allIds.length);
    expect(Math.max(...allIds)).toBeLessThan(2 ** 31);
  });
});

describe('GET /api/address/countries', () => {
  it('lists countries with numeric and phone codes, Türkiye first, the rest by name', async () => {
    const countries = await getJson<Array<{ numericCode: string; phoneCode: string; countryName: string }>>('/api/address/countries');
    expect(countries[0]).toEqual({ numericCode: '792', phoneCode: '+90', countryName: 'Türkiye' });
    expect(countries.length).toBeGreaterThan(200);
    const rest = countries.slice(1).map((country) => country.countryName);
    expect(rest).toEqual([...rest].sort(new Intl.Collator('en').compare));
    expect(countries).toContainEqual({ numericCode: '276', phoneCode: '+49', countryName: 'Germany' });
    expect(countries).toContainEqual({ numericCode: '840', phoneCode: '+1', countryName: 'United States' });
    expect(countries).toContainEqual({ numericCode: '044', phoneCode: '+1', countryName: 'Bahamas' });
    expect(countries).toContainEqual({ numericCode: '248', phoneCode: '+358', countryName: 'Åland Islands' });
    expect(countries).toContainEqual({
      numericCode: '654',
      phoneCode: '+290',
      countryName: 'Saint Helena, Ascension and Tristan da Cunha',
    });
    expect(countries.every((country) => /^\d{3}$/.test(country.numericCode))).toBe(true);
    expect(countries.every((country) => /^\+\d{1,3}$/.test(country.phoneCode))).toBe(true);
    expect(new Set(countries.map((country) => country.numericCode)).size).toBe(countries.length);
  });
});
