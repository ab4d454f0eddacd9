import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { apiError } from '../http/api-errors';

/** The bearer schemes of the document: the access token, and the refresh token of refresh and logout. */
export const ACCESS_TOKEN = 'accessToken';
export const REFRESH_TOKEN = 'refreshToken';

type Security = Record<string, string[]>[];

interface RouteDoc {
  summary: string;
  operationId: string;
  /**
   * Only for the public routes that read a bearer themselves (the hook does not check it):
   * everything else is derived from `config.public`.
   */
  security?: Security;
}

/**
 * What each route of SPEC section 7 and its extensions does, in a reader's words. A route may say
 * it itself (`schema.summary`, `schema.operationId`), which wins; a route in neither place gets a
 * summary and operationId made from its method and path (`derivedDoc`), so a new route is
 * documented (and lints clean) without any work here.
 */
const ROUTE_DOCS: Record<string, RouteDoc> = {
  'POST /api/users/register': { summary: 'Sign up: create an account', operationId: 'register' },
  'POST /api/users/login': { summary: 'Log in with email and password', operationId: 'login' },
  'GET /api/users/refresh': {
    summary: 'Rotate the session: the refresh token for a new token pair',
    operationId: 'refreshSession',
    security: [{ [REFRESH_TOKEN]: [] }],
  },
  'GET /api/users/logout': {
    summary: 'Log out: end the session of the access or the refresh token',
    operationId: 'logout',
    security: [{ [ACCESS_TOKEN]: [] }, { [REFRESH_TOKEN]: [] }],
  },
  'PUT /api/users/update-password': {
    summary: 'Change the password (signed in), or set a new one with a mailed token',
    operationId: 'updatePassword',
    // The signed-in form takes the access token; the token form (D5) none.
    security: [{ [ACCESS_TOKEN]: [] }, {}],
  },
  'PUT /api/users/reset-password/{token}': { summary: 'Set a new password with a mailed reset token', operationId: 'resetPassword' },
  'POST /api/users/forgot-password': { summary: 'Ask for a password reset mail', operationId: 'forgotPassword' },
  'GET /api/users/profile': { summary: "The signed-in user's profile and addresses", operationId: 'getProfile' },
  'PUT /api/users/profile': { summary: "Change the signed-in user's profile", operationId: 'updateProfile' },
  'PUT /api/users/update-address': { summary: 'Save a new address, or change one of the own', operationId: 'saveAddress' },
  'POST /api/users/delete-address': { summary: 'Delete one of the own addresses', operationId: 'deleteAddress' },
  'POST /api/users/verify-email': {
    summary: "Mail a verification link to the signed-in user's address",
    operationId: 'sendVerificationMail',
  },
  'POST /api/users/verify-email-anonymous': {
    summary: 'Mail a verification link to a guest address',
    operationId: 'sendGuestVerificationMail',
  },
  'POST /api/users/email-verification/{token}': {
    summary: "Verify the account's email address with the mailed token",
    operationId: 'verifyEmail',
  },
  'POST /api/users/email-verification-anonymous/{token}': {
    summary: 'Verify a guest email address with the mailed token',
    operationId: 'verifyGuestEmail',
  },
  'POST /api/product': { summary: 'List products: by category, collection, search text; sorted and paged', operationId: 'listProducts' },
  'GET /api/product/{id}': { summary: 'One product', operationId: 'getProduct' },
  'GET /api/product/{id}/related': { summary: "A product's related products (at most 8)", operationId: 'getRelatedProducts' },
  'GET /api/category': { summary: 'The category tree, as a flat list', operationId: 'listCategories' },
  'GET /api/Category': { summary: "The category tree, as a flat list (SPEC's casing, D11)", operationId: 'listCategoriesSpecCasing' },
  'GET /images/products/{file}': { summary: 'A product picture, as stored or a narrower copy', operationId: 'getProductPicture' },
  'GET /api/address/countries': { summary: 'The countries', operationId: 'listCountries' },
  'GET /api/address/states': { summary: 'The cities of Turkey', operationId: 'listCities' },
  'GET /api/address/submunicipalities/{stateCode}': { summary: "A city's districts", operationId: 'listDistricts' },
  'GET /api/address/neighbours/{subMunicipalityId}': { summary: "A district's neighbourhoods", operationId: 'listNeighbourhoods' },
  'POST /api/orders': { summary: 'Place an order (idempotent by its key)', operationId: 'placeOrder' },
  'GET /api/orders': { summary: "The signed-in user's orders, newest first, paged", operationId: 'listOrders' },
  'GET /api/orders/{id}': { summary: 'One of the own orders', operationId: 'getOrder' },
  'POST /api/orders/{id}/cancel': { summary: 'Cancel one of the own orders', operationId: 'cancelOrder' },
};

const METHOD_WORDS: Record<string, string> = { GET: 'Read', POST: 'Send', PUT: 'Change', PATCH: 'Change', DELETE: 'Delete' };

/** `/api/users/sessions/{id}` → words and parameter names, for a route nobody described. */
export function derivedDoc(method: string, openApiPath: string): { summary: string; operationId: string } {
  const segments = openApiPath.split('/').filter((segment) => segment !== '' && segment !== 'api');
  const words = segments.filter((segment) => !segment.startsWith('{')).flatMap((segment) => segment.split(/[-_.]/));
  const params = segments.filter((segment) => segment.startsWith('{')).map((segment) => segment.slice(1, -1));
  const verb = METHOD_WORDS[method] ?? method;
  const summary = `${verb} ${words.join(' ')}${params.length > 0 ? ` by ${params.join(' and ')}` : ''}`;
  const pascal = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  const operationId = [method.toLowerCase(), ...words.map(pascal), ...(params.length > 0 ? ['By', ...params.map(pascal)] : [])].join('');
  return { summary, operationId };
}

/** Fastify's `/a/:id` as OpenAPI's `/a/{id}`. */
function openApiPathOf(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** What the server answers beyond a route's own statuses, and when (see `derivedStatuses`). */
const STATUS_TEXT: Record<string, string> = {
  '200': 'Done.',
  '201': 'Created.',
  '304': 'Not modified: If-None-Match named the current ETag. No body.',
  '400': 'Invalid request: a parameter, the query or the body does not fit its schema (the message names the first field).',
  '401': 'No live session: the bearer token is missing, malformed, expired or revoked.',
  '404': 'Not found.',
  '409': 'Conflict with the current state.',
  '413': 'Request body is too large (over 1 MiB).',
  '414': 'Request URL is too long (a path parameter over 100 characters).',
  '415': 'Unsupported content type. Send application/json.',
  '422': 'The Idempotency-Key was already used for another request.',
  '429': 'Too many requests: a throttle of this call is used up (docs/api.md, Throttling). Retry-After says when to come back.',
  '500': 'Internal server error.',
  '503': 'The database is briefly unavailable (restarting or unreachable). Retry-After says when to try again.',
};

/** Response headers, as @fastify/swagger takes them: a JSON schema whose description it lifts out. */
const HEADERS = {
  etag: { type: 'string', description: "The answer's weak validator: sent back in If-None-Match, it gets a 304." },
  cacheControl: { type: 'string', description: 'Who may keep the answer, and for how long.' },
  totalCount: { type: 'integer', minimum: 0, description: 'The number of matches over all pages (sent with a paged or searched list).' },
  retryAfter: { type: 'integer', minimum: 0, description: 'Seconds to wait before trying again.' },
};

/** Headers only one route's answer carries, by `METHOD path status`. */
const ROUTE_HEADERS: Record<string, Record<string, unknown>> = {
  'POST /api/users/login 200': {
    'Set-Cookie': {
      type: 'string',
      description:
        "The device marker (`__Secure-sf_device_…` over https): this browser has signed in to the account before, so another client's failed passwords do not lock it out here (docs/security.md).",
    },
  },
  'GET /api/users/data-export 200': {
    'Content-Disposition': { type: 'string', description: 'attachment, with the file name the browser saves it under.' },
  },
};

interface RouteSchema {
  hide?: boolean;
  summary?: string;
  operationId?: string;
  security?: Security;
  params?: unknown;
  querystring?: unknown;
  body?: unknown;
  headers?: unknown;
  response?: Record<string, unknown>;
}

function hasProperty(schema: unknown, name: string): boolean {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return typeof shape === 'object' && shape !== null && name in shape;
}

/**
 * The error statuses any route can answer though its handler never says so: a 400 for input that
 * fails its schema (or a bad URL encoding), a 413 and a 415 for a body, a 414 for an over-long
 * path parameter, a 401 from the auth hook, and a 500 and a 503 (the database away, D23)
 * everywhere (http/api-errors.ts, app.ts's frameworkErrors).
 */
function derivedStatuses(schema: RouteSchema, authenticated: boolean): string[] {
  const statuses = ['500', '503'];
  const hasInput = [schema.params, schema.querystring, schema.body, schema.headers].some((part) => part !== undefined);
  if (hasInput) statuses.push('400');
  if (schema.params !== undefined) statuses.push('414');
  if (schema.body !== undefined) statuses.push('413', '415');
  if (authenticated) statuses.push('401');
  return statuses;
}

type JsonResponse = Record<string, unknown> & { description?: string; headers?: Record<string, unknown> };

/**
 * The route's own schema with what every route shares, derived in one place: security from
 * `config.public` (the authentication hook's own rule), summary and operationId, the statuses
 * the server adds, and the headers that go with them (ETag and Cache-Control beside a 304,
 * X-Total-Count on a paged list, Retry-After on 429 and 503).
 */
export const transform: NonNullable<FastifyDynamicSwaggerOptions['transform']> = (document) => {
  const { route, url } = document;
  const schema = (document.schema ?? {}) as RouteSchema;
  if (schema.hide) return jsonSchemaTransform(document);
  const method = [route.method].flat()[0] ?? 'GET';
  const path = openApiPathOf(url);
  const known = ROUTE_DOCS[`${method} ${path}`];
  const derived = derivedDoc(method, path);
  const isPublic = route.config?.public === true;
  const security = schema.security ?? known?.security ?? (isPublic ? [] : [{ [ACCESS_TOKEN]: [] }]);
  const authenticated = security.some((requirement) => Object.keys(requirement).length > 0);
  const declared = schema.response ?? {};
  const added = Object.fromEntries(
    derivedStatuses(schema, authenticated)
      .filter((status) => !(status in declared))
      .map((s) => [s, apiError]),
  );
  const described = jsonSchemaTransform({
    ...document,
    schema: {
      ...schema,
      summary: schema.summary ?? known?.summary ?? derived.summary,
      operationId: schema.operationId ?? known?.operationId ?? derived.operationId,
      security,
      response: { ...declared, ...added },
    },
  });
  const responses = (described.schema as { response?: Record<string, JsonResponse> }).response ?? {};
  const conditional = '304' in responses;
  const paged = hasProperty(schema.querystring, 'limit') || hasProperty(schema.body, 'limit');
  for (const [status, response] of Object.entries(responses)) {
    const headers: Record<string, unknown> = { ...response.headers };
    if (conditional && (status === '200' || status === '304')) Object.assign(headers, { ETag: HEADERS.etag });
    // Account and order answers say no-store whatever their status; kept answers say how long.
    headers['Cache-Control'] = HEADERS.cacheControl;
    if (paged && status === '200') headers['X-Total-Count'] = HEADERS.totalCount;
    if (status === '429' || status === '503') headers['Retry-After'] = HEADERS.retryAfter;
    Object.assign(headers, ROUTE_HEADERS[`${method} ${path} ${status}`]);
    const description = response.description ?? STATUS_TEXT[status];
    responses[status] = { ...response, ...(description ? { description } : {}), headers };
  }
  return described;
};

/**
 * The API's OpenAPI 3.1 document, from the routes' zod schemas (@fastify/swagger collects the
 * routes added after it): served at OPENAPI_PATH by app.ts, linted by `npm run lint:openapi`.
 */
export const openApi = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Storefront API',
          version: '1.0.0',
          description:
            'SPEC section 7 and its extensions. Statuses, throttling and configuration: docs/api.md. ' +
            'Every answer also carries the security headers of docs/security.md.',
          license: { name: 'UNLICENSED: private, all rights reserved', identifier: 'LicenseRef-Proprietary' },
        },
        servers: [{ url: app.config.publicUrl, description: 'This server (PUBLIC_URL)' }],
        components: {
          securitySchemes: {
            [ACCESS_TOKEN]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The access token of login or refresh.' },
            [REFRESH_TOKEN]: { type: 'http', scheme: 'bearer', description: 'The refresh token of login or refresh (rotated on use, D4).' },
          },
        },
      },
      transform,
    });
  },
  { name: 'openapi', dependencies: ['core-services'], fastify: '5.x' },
);
