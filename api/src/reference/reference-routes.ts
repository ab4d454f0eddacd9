import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../http/api-errors';
import { notModifiedResponse, preparedRoute, type PreparedAnswer, prepareJson, sendPrepared } from '@shop/core/node/prepared-answer';
import { type CountryItem, loadCountryList } from './country-list';
import { loadTurkeyPlaces, type TurkeyPlaces } from './turkey-places';

const stateParams = z.object({
  stateCode: z.string().regex(/^\d{1,2}$/, 'State code must be one or two digits.'),
});
const subMunicipalityParams = z.object({
  subMunicipalityId: z.string().regex(/^\d{1,9}$/, 'Sub-municipality id must be a whole number.'),
});

const countries = z.array(z.object({ numericCode: z.string(), phoneCode: z.string(), countryName: z.string() })).readonly();
const states = z.array(z.object({ stateId: z.number(), stateCode: z.string(), stateName: z.string() })).readonly();
const subMunicipalities = z.array(z.object({ subMunicipalityId: z.number(), subMunicipalityNameInitialCapital: z.string() })).readonly();
const neighbours = z.array(z.object({ neighbourId: z.number(), neighbourNameInitialCapital: z.string() })).readonly();

// Built once, on first use, and shared by every request (and every app in the process).
let places: TurkeyPlaces | undefined;
let countryItems: readonly CountryItem[] | undefined;
const turkeyPlaces = () => (places ??= loadTurkeyPlaces());
const countryList = () => (countryItems ??= loadCountryList());
const NONE: readonly never[] = [];

/**
 * The data only changes with a package update (a new process), so each list is serialised once,
 * with its ETag, and kept for the life of the process; clients may keep it for a day.
 */
const REFERENCE_CACHE_CONTROL = 'public, max-age=86400';

/** One prepared answer per list (the lists are the loaded data's own arrays, so the keys are bounded). */
function preparedLists<Schema extends z.ZodType<readonly unknown[]>>(schema: Schema) {
  const answers = new WeakMap<object, PreparedAnswer>();
  return (request: FastifyRequest, reply: FastifyReply, list: z.output<Schema>) => {
    let answer = answers.get(list);
    if (!answer) {
      answer = prepareJson(schema, list);
      answers.set(list, answer);
    }
    return sendPrepared(request, reply, answer, REFERENCE_CACHE_CONTROL);
  };
}

/**
 * Address reference data (SPEC section 7), all public. An unknown state code or sub-municipality
 * id answers 200 with an empty list (the client treats an empty list and a failure alike); a
 * malformed one answers 400.
 */
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const sendCountries = preparedLists(countries);
  app.get(
    '/api/address/countries',
    { ...preparedRoute, config: { public: true }, schema: { response: { 200: countries, 304: notModifiedResponse } } },
    async (request, reply) => sendCountries(request, reply, countryList()),
  );

  const sendStates = preparedLists(states);
  app.get(
    '/api/address/states',
    { ...preparedRoute, config: { public: true }, schema: { response: { 200: states, 304: notModifiedResponse } } },
    async (request, reply) => sendStates(request, reply, turkeyPlaces().states),
  );

  const sendSubMunicipalities = preparedLists(subMunicipalities);
  app.get(
    '/api/address/submunicipalities/:stateCode',
    {
      ...preparedRoute,
      config: { public: true },
      schema: { params: stateParams, response: { 200: subMunicipalities, 304: notModifiedResponse, ...errorResponses(400) } },
    },
    async (request, reply) =>
      sendSubMunicipalities(
        request,
        reply,
        turkeyPlaces().subMunicipalitiesByStateCode.get(request.params.stateCode.padStart(2, '0')) ?? NONE,
      ),
  );

  const sendNeighbours = preparedLists(neighbours);
  app.get(
    '/api/address/neighbours/:subMunicipalityId',
    {
      ...preparedRoute,
      config: { public: true },
      schema: { params: subMunicipalityParams, response: { 200: neighbours, 304: notModifiedResponse, ...errorResponses(400) } },
    },
    async (request, reply) =>
      sendNeighbours(request, reply, turkeyPlaces().neighboursBySubMunicipalityId.get(Number(request.params.subMunicipalityId)) ?? NONE),
  );
};
