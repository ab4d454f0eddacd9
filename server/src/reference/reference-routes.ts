import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../http/api-errors';
import { type CountryItem, loadCountryList } from './country-list';
import { loadTurkeyPlaces, type TurkeyPlaces } from './turkey-places';

const stateParams = z.object({
  stateCode: z.string().regex(/^\d{1,2}$/, 'State code must be one or two digits.'),
});
const subMunicipalityParams = z.object({
  subMunicipalityId: z.string().regex(/^\d{1,9}$/, 'Sub-municipality id must be a whole number.'),
});

const country = z.object({ numericCode: z.string(), phoneCode: z.string(), countryName: z.string() });
const state = z.object({ stateId: z.number(), stateCode: z.string(), stateName: z.string() });
const subMunicipality = z.object({ subMunicipalityId: z.number(), subMunicipalityNameInitialCapital: z.string() });
const neighbour = z.object({ neighbourId: z.number(), neighbourNameInitialCapital: z.string() });

// Built once, on first use, and shared by every request (and every app in the process).
let places: TurkeyPlaces | undefined;
let countries: readonly CountryItem[] | undefined;
const turkeyPlaces = () => (places ??= loadTurkeyPlaces());
const countryList = () => (countries ??= loadCountryList());

/**
 * Address reference data (SPEC section 7), all public. An unknown state code or sub-municipality
 * id answers 200 with an empty list (the client treats an empty list and a failure alike); a
 * malformed one answers 400. The data only changes with a package update, so clients may cache it
 * for a day.
 */
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/address/countries',
    { config: { public: true }, schema: { response: { 200: z.array(country).readonly() } } },
    async (_request, reply) => cached(reply, countryList()),
  );

  app.get(
    '/api/address/states',
    { config: { public: true }, schema: { response: { 200: z.array(state).readonly() } } },
    async (_request, reply) => cached(reply, turkeyPlaces().states),
  );

  app.get(
    '/api/address/submunicipalities/:stateCode',
    {
      config: { public: true },
      schema: { params: stateParams, response: { 200: z.array(subMunicipality).readonly(), ...errorResponses(400) } },
    },
    async (request, reply) =>
      cached(reply, turkeyPlaces().subMunicipalitiesByStateCode.get(request.params.stateCode.padStart(2, '0')) ?? []),
  );

  app.get(
    '/api/address/neighbours/:subMunicipalityId',
    {
      config: { public: true },
      schema: { params: subMunicipalityParams, response: { 200: z.array(neighbour).readonly(), ...errorResponses(400) } },
    },
    async (request, reply) =>
      cached(reply, turkeyPlaces().neighboursBySubMunicipalityId.get(Number(request.params.subMunicipalityId)) ?? []),
  );
};

function cached<T>(reply: FastifyReply, body: T): T {
  reply.header('Cache-Control', 'public, max-age=86400');
  return body;
}
