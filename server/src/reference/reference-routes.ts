import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../http/parse-input';
import { type CountryItem, loadCountryList } from './country-list';
import { loadTurkeyPlaces, type TurkeyPlaces } from './turkey-places';

const stateParamsSchema = z.object({
  stateCode: z.string().regex(/^\d{1,2}$/, 'State code must be one or two digits.'),
});
const subMunicipalityParamsSchema = z.object({
  subMunicipalityId: z.string().regex(/^\d{1,9}$/, 'Sub-municipality id must be a whole number.'),
});

// Built once, on first use, and shared by every request (and every app in the process).
let places: TurkeyPlaces | undefined;
let countries: readonly CountryItem[] | undefined;
const turkeyPlaces = () => (places ??= loadTurkeyPlaces());
const countryList = () => (countries ??= loadCountryList());

/**
 * Address reference data (SPEC section 7). An unknown state code or sub-municipality id answers
 * 200 with an empty list (the client treats an empty list and a failure alike); a malformed one
 * answers 400. The data only changes with a package update, so clients may cache it for a day.
 */
export async function referenceRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/address/countries', async (_request, reply) => cached(reply, countryList()));

  app.get('/api/address/states', async (_request, reply) => cached(reply, turkeyPlaces().states));

  app.get('/api/address/submunicipalities/:stateCode', async (request, reply) => {
    const { stateCode } = parseInput(stateParamsSchema, request.params);
    return cached(reply, turkeyPlaces().subMunicipalitiesByStateCode.get(stateCode.padStart(2, '0')) ?? []);
  });

  app.get('/api/address/neighbours/:subMunicipalityId', async (request, reply) => {
    const { subMunicipalityId } = parseInput(subMunicipalityParamsSchema, request.params);
    return cached(reply, turkeyPlaces().neighboursBySubMunicipalityId.get(Number(subMunicipalityId)) ?? []);
  });
}

function cached<T>(reply: FastifyReply, body: T): T {
  reply.header('Cache-Control', 'public, max-age=86400');
  return body;
}
