import fc from 'fast-check';
import { BODY_LIMIT_BYTES } from '../../api/src/app';
import { collections } from '../../api/src/catalog/collection';
import { addressFields } from '../../api/src/testing/address-fields';
import { STRONG_PASSWORD } from '../../api/src/testing/test-server';
import { type AuthKind, authKinds } from './hostile-tokens';
import type { HostileRoute } from './hostile-target';

/** What a generated request sends; large bodies are described here and built only when sent. */
export type BodySpec =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; note?: string }
  | { kind: 'raw'; contentType: string | null; text: string }
  | { kind: 'bytes'; contentType: string; bytes: number[] }
  | { kind: 'deep'; shape: 'array' | 'object' | 'in-field'; depth: number }
  | { kind: 'big'; shape: 'string-field' | 'array' | 'many-keys'; size: number };

export interface HostileRequest {
  method: string;
  route: string;
  /** The path with its parameters filled in, already percent-encoded. */
  path: string;
  query: string;
  auth: AuthKind;
  garbageToken: string;
  /** An `Idempotency-Key` header (order submission); null sends none. */
  idempotencyKey: string | null;
  body: BodySpec;
}

/** What the generators know about the target: the user's address, the catalogue, the user. */
export interface HostileContext {
  email: string;
  addressId: string;
  productIds: readonly string[];
}

/** Every byte percent-encoded: any string becomes a legal path segment or query value. */
const encodeAll = (text: string) => [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

// --- strings and values -------------------------------------------------------------------

const injection = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR 1=1 --',
  '1); DELETE FROM addresses; --',
  '$1',
  '%',
  '_',
  '\\',
  "\\'",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  '../../../../etc/passwd',
  '\r\nSet-Cookie: a=b',
  '{"$gt": ""}',
];

/** What PostgreSQL cannot store as text: NUL and unpaired surrogates. */
const unstorable = ['\u0000', 'a\u0000b', '\ud800', 'x\udfff', '\udc00\ud800', '\ud83d'];

const oddUnicode = [
  ...unstorable,
  '\u202eevil',
  '\ufeffbom',
  'zero\u200bwidth',
  'Ａｄａ',
  'İstanbul ı',
  'ß',
  '😀👩‍👩‍👧',
  'e\u0301',
  '\u0085\u2028\u2029',
  ' ',
  '',
  '\t\n\r',
  '\u007f\u0001\u001b[31m',
];

const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 3, arbitrary: fc.constantFrom(...injection) },
  { weight: 3, arbitrary: fc.constantFrom(...oddUnicode) },
  {
    weight: 6,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...unstorable), fc.string({ maxLength: 8 }))
      .map((parts) => parts.join('')),
  },
  { weight: 1, arbitrary: fc.emailAddress() },
  { weight: 1, arbitrary: fc.tuple(fc.emailAddress(), fc.constantFrom(...oddUnicode, ...injection)).map(([a, b]) => a + b) },
  { weight: 1, arbitrary: fc.integer({ min: 100, max: 300_000 }).map((n) => 'x'.repeat(n)) },
);

const oddNumber = fc.constantFrom(2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 1, Number.MAX_VALUE, -Number.MAX_VALUE, 1e-300, -0, 0.5, -1, 0);

const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  fc.constant({}),
  fc.constant([]),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: wrongType },
  { weight: 5, arbitrary: hostileString },
  { weight: 2, arbitrary: oddNumber },
);

// --- bodies -------------------------------------------------------------------------------

/** A plausible body per route, so that a single wrong field reaches the handler's own checks. */
function baseBodies(ctx: HostileContext): Record<string, fc.Arbitrary<Record<string, unknown>>> {
  const address = addressFields({
    addressDetails: 'Line 1',
    isCorporateInvoice: true,
    taxNumber: '123',
    taxOffice: 'Kadıköy',
    corporateTitle: 'Ada Ltd',
  });

  // An order request as the shop sends it (D19), and an acceptance (D24) of a text it never read.
  const orderRequests: Record<string, unknown>[] = [
    {
      lines: [{ _id: ctx.productIds[0], quantity: 1 }],
      billingAddressId: ctx.addressId,
      shippingAddressId: ctx.addressId,
      paymentMethod: 'cash-on-delivery',
    },
    {
      lines: [
        { _id: ctx.productIds[1], quantity: 99 },
        { _id: ctx.productIds[2], quantity: 2, prodPrice: 0.01 },
      ],
      billingAddressId: ctx.addressId,
      shippingAddressId: ctx.addressId,
      paymentMethod: 'card-on-delivery',
    },
  ];
  // D25: a line naming a variant (none of the product's: refused).
  orderRequests.push({
    lines: [{ _id: ctx.productIds[0], variantId: 'f'.repeat(24), quantity: 1 }],
    billingAddressId: ctx.addressId,
    shippingAddressId: ctx.addressId,
    paymentMethod: 'cash-on-delivery',
  });
  const contractAcceptance = { accepted: true, version: 'mss-2026-11-27', sha256: 'a'.repeat(64) };
  // D25: lists filtered by price, option values and stock.
  const productFilters = [
    { allCategoryIds: [1, 11, 111], minPrice: 10, maxPrice: 100, options: { Beden: ['M', 'L'] }, inStock: true },
    { q: 'tişört', options: { Renk: ['Siyah'], Beden: ['S'] }, sort: 'price-desc', limit: 24, offset: 0 },
    { minPrice: 0, inStock: false },
  ];
  return {
    'POST /api/users/register': fc.nat().map((n) => ({ userName: 'Hostile', email: `new-${n}@example.com`, password: STRONG_PASSWORD })),
    'POST /api/users/login': fc.constant({ email: ctx.email, password: 'Wr0ng!Pass' }),
    'PUT /api/users/profile': fc.constant({
      userName: 'Ada',
      name: 'Ada',
      surname: 'L',
      phone: '5',
      phoneCCode: '+90',
      phoneACode: '532',
      phoneMain: '7654321',
    }),
    'PUT /api/users/update-address': fc.constantFrom({ ...address }, { ...address, _id: ctx.addressId }),
    'POST /api/users/delete-address': fc.constantFrom({ _id: ctx.addressId }, { _id: '0123456789abcdef01234567' }),
    // A wrong current password, so that a generated request never really changes the password.
    'PUT /api/users/update-password': fc.constantFrom(
      { currentPassword: 'Wr0ng!Pass', newPassword: 'An0ther!Pass', confirmPassword: 'An0ther!Pass' },
      { token: 'a'.repeat(43), newPassword: 'An0ther!Pass', confirmPassword: 'An0ther!Pass' },
    ),
    'PUT /api/users/reset-password/:token': fc.constant({ newpass: 'An0ther!Pass' }),
    'POST /api/users/forgot-password': fc.constant({ to: ctx.email }),
    'POST /api/users/verify-email': fc.constant({}),
    'POST /api/users/verify-email-anonymous': fc.nat().map((n) => ({ to: `anon-${n}@example.com` })),
    'POST /api/orders': fc.constantFrom(...orderRequests.map((request) => ({ ...request, contractAcceptance })), ...orderRequests),
    // D24: the documents for an order request; the shopper's consents; a deletion that never
    // happens (a wrong password), so the run keeps its user.
    'POST /api/orders/contract': fc.constantFrom(...orderRequests),
    'PUT /api/users/consents': fc.boolean().map((marketing) => ({ marketing })),
    'POST /api/users/delete-account': fc.constant({ password: 'Wr0ng!Pass' }),
    'POST /api/product': fc.constantFrom(
      {},
      { allCategoryIds: [1, 2, 3] },
      { collection: collections[0] },
      { allCategoryIds: [1], collection: collections[1] },
      // D18: search, sort and paging.
      { q: 'kulaklık', sort: 'relevance' },
      { allCategoryIds: [1, 11, 111], q: 'çanta deri', sort: 'price-asc', limit: 24, offset: 0 },
      { collection: collections[2], sort: 'newest', limit: 1, offset: 3 },
      ...productFilters,
    ),
    // D25: the filter panel's counts, related products' neighbours, a request to be mailed when a product is back.
    'POST /api/product/facets': fc.constantFrom({}, { allCategoryIds: [1, 2, 3] }, ...productFilters),
    'POST /api/product/:id/notify': fc
      .tuple(fc.nat(), fc.boolean())
      .map(([n, withVariant]) => ({ email: `alert-${n}@example.com`, ...(withVariant ? { variantId: '0'.repeat(24) } : {}) })),
  };
}

const extraKeys = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '', 'a'.repeat(1000), '\u0000', '\ud800'];

function fieldNames(bases: Record<string, fc.Arbitrary<Record<string, unknown>>>): string[] {
  const names = new Set<string>(extraKeys);
  for (const base of Object.values(bases))
    for (const sample of fc.sample(base, { numRuns: 3, seed: 1 })) for (const key of Object.keys(sample)) names.add(key);
  return [...names];
}

const brokenJson = fc.oneof(
  fc.constantFrom(
    '{',
    '}',
    '{"a":}',
    '[1,]',
    '{"a":1,}',
    "{'a':1}",
    '{"a":1}{"b":2}',
    '{"a":"\u0000"}',
    '{"a":"\\ud800"}',
    '{"a":"\\u0000"}',
    '{"a":"\\x00"}',
    '\ufeff{"a":1}',
    'undefined',
    'NaN',
    '{"a":1,"a":2}',
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{"stateId":1e400}',
    '{"allCategoryIds":[1e400]}',
    '{"allCategoryIds":[123456789012345678901234567890]}',
    '{"subMunicipalityId":-0}',
    '{"neighbourId":0.1e1}',
    ' ',
    '\n',
  ),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.json({ maxDepth: 3 }).map((text) => text.slice(0, Math.max(1, text.length - 1))),
);

const contentTypes = [
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/jsonx',
  'application/vnd.api+json',
  'application/octet-stream',
  'image/svg+xml',
  'json',
  '*/*',
  ';',
  '',
];

function bodySpec(route: string, bases: ReturnType<typeof baseBodies>, names: string[]): fc.Arbitrary<BodySpec> {
  const base = bases[route];
  const object = fc.dictionary(fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 8 })), hostileValue, { maxKeys: 8 });
  // The route's own fields mostly, so that the wrong value reaches the handler.
  const field = (body: Record<string, unknown>) =>
    Object.keys(body).length === 0
      ? fc.constantFrom(...names)
      : fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...Object.keys(body)) }, { weight: 1, arbitrary: fc.constantFrom(...names) });
  const nearValid: fc.Arbitrary<BodySpec> = base
    ? base.chain((body) =>
        fc.record({ field: field(body), value: hostileValue, drop: fc.nat(9) }).map(({ field: name, value, drop }): BodySpec => {
          const copy: Record<string, unknown> = { ...body };
          if (drop === 0) delete copy[name];
          // defineProperty: `__proto__` becomes a key of the JSON, not the object's prototype.
          else Object.defineProperty(copy, name, { value, enumerable: true, writable: true, configurable: true });
          const shown = drop === 0 ? 'dropped' : `= ${JSON.stringify(value)?.slice(0, 100)}`;
          return { kind: 'json', value: copy, note: `valid body but ${JSON.stringify(name.slice(0, 40))} ${shown}` };
        }),
      )
    : object.map((value): BodySpec => ({ kind: 'json', value }));
  const json = (value: fc.Arbitrary<unknown>) => value.map((v): BodySpec => ({ kind: 'json', value: v }));
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant<BodySpec>({ kind: 'none' }) },
    { weight: 12, arbitrary: nearValid },
    { weight: 2, arbitrary: base ? json(base) : json(object) },
    { weight: 5, arbitrary: json(object) },
    { weight: 3, arbitrary: json(fc.oneof(fc.constant(null), hostileValue, fc.jsonValue({ maxDepth: 3 }))) },
    {
      weight: 3,
      arbitrary: brokenJson.map((text): BodySpec => ({ kind: 'raw', contentType: 'application/json', text })),
    },
    {
      weight: 3,
      arbitrary: fc
        .record({
          contentType: fc.option(fc.constantFrom(...contentTypes)),
          text: fc.oneof(
            brokenJson,
            (base ?? object).map((v) => JSON.stringify(v)),
          ),
        })
        .map(({ contentType, text }): BodySpec => ({ kind: 'raw', contentType, text })),
    },
    {
      weight: 1,
      arbitrary: fc
        .record({
          contentType: fc.constantFrom('application/json', 'text/plain'),
          bytes: fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 40 }),
        })
        .map(({ contentType, bytes }): BodySpec => ({
          kind: 'bytes',
          contentType,
          bytes: [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, ...bytes, 0x22, 0x7d],
        })),
    },
    {
      weight: 1,
      arbitrary: fc
        .record({ shape: fc.constantFrom('array', 'object', 'in-field'), depth: fc.constantFrom(1_000, 5_000, 20_000, 100_000, 400_000) })
        .map((spec): BodySpec => ({ kind: 'deep', ...spec })),
    },
    {
      weight: 1,
      arbitrary: fc
        .record({
          shape: fc.constantFrom('string-field', 'array', 'many-keys'),
          size: fc.constantFrom(BODY_LIMIT_BYTES - 64, BODY_LIMIT_BYTES, BODY_LIMIT_BYTES + 1, 2 * BODY_LIMIT_BYTES),
        })
        .map((spec): BodySpec => ({ kind: 'big', ...spec })),
    },
  );
}

/** The bytes and content type of a body, built at send time. */
export function materializeBody(body: BodySpec): { payload?: string | Buffer; contentType?: string } {
  switch (body.kind) {
    case 'none':
      return {};
    case 'json':
      return { payload: JSON.stringify(body.value) ?? 'null', contentType: 'application/json' };
    case 'raw':
      return { payload: body.text, ...(body.contentType === null ? {} : { contentType: body.contentType }) };
    case 'bytes':
      return { payload: Buffer.from(body.bytes), contentType: body.contentType };
    case 'deep': {
      const [open, close] = body.shape === 'array' ? ['[', ']'] : ['{"a":', '}'];
      const nested = open.repeat(body.depth) + '1' + close.repeat(body.depth);
      return { payload: body.shape === 'in-field' ? `{"name":${nested},"_id":${nested}}` : nested, contentType: 'application/json' };
    }
    case 'big': {
      const room = Math.max(0, body.size - 16);
      const text =
        body.shape === 'string-field'
          ? `{"name":"${'x'.repeat(room)}"}`
          : body.shape === 'array'
            ? `[${'1,'.repeat(Math.floor(room / 2))}1]`
            : `{${Array.from({ length: Math.floor(room / 12) }, (_, i) => `"k${String(i).padStart(7, '0')}":1`).join(',')}}`;
      return { payload: text, contentType: 'application/json' };
    }
  }
}

/** A short, printable account of a body: never the whole megabyte. */
export function describeBody(body: BodySpec): string {
  switch (body.kind) {
    case 'none':
      return 'no body';
    case 'deep':
    case 'big':
      return `${body.kind} ${body.shape} ${body.kind === 'deep' ? `depth ${body.depth}` : `${body.size} bytes`}`;
    case 'bytes':
      return `${body.contentType} bytes ${Buffer.from(body.bytes).toString('hex').slice(0, 80)}`;
    case 'raw':
      return `${body.contentType ?? 'no content type'} ${JSON.stringify(body.text.slice(0, 160))}`;
    case 'json':
      return `application/json ${body.note ?? JSON.stringify(JSON.stringify(body.value) ?? 'undefined').slice(0, 160)}`;
  }
}

// --- path parameters and query ------------------------------------------------------------

const junkSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    '0',
    '-1',
    '-0',
    '00',
    '1.5',
    '1e3',
    '0x1f',
    'NaN',
    'Infinity',
    'null',
    'undefined',
    'true',
    '99999999999999999999999999',
    String(2 ** 31),
    String(2 ** 53 + 1),
    '%00',
    'a%00',
    '%ED%A0%80',
    '%ED%B0%80',
    '%FF',
    '%C0%AF',
    '%',
    '%zz',
    '%%',
    '%2F',
    '%2e%2e',
    '..',
    '.',
    '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    ';',
    '%3B',
    '%20',
    '+',
    '%0A',
    '%0D%0A',
    "'%20OR%201=1--",
    '%3Cscript%3E',
    '~',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }).map(encodeAll),
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
  fc.integer({ min: 90, max: 5000 }).map((n) => 'a'.repeat(n)),
  fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String),
);

/**
 * A generator per path parameter name. A route whose parameter has none here makes the run
 * fail, so a new route cannot slip past unexercised.
 */
function paramGenerators(ctx: HostileContext): Record<string, fc.Arbitrary<string>> {
  const productId = fc.oneof(fc.constantFrom(...ctx.productIds), fc.stringMatching(/^[0-9a-f]{24}$/), fc.stringMatching(/^[0-9A-F]{24}$/));
  return {
    token: fc.oneof(
      fc.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      fc.stringMatching(/^[A-Za-z0-9_-]{42}$/).map((t) => `${t}%00`),
      junkSegment,
    ),
    id: fc.oneof(productId, junkSegment),
    file: fc.oneof(
      fc
        .tuple(
          fc.oneof(productId, junkSegment),
          fc.oneof(fc.integer({ min: -3, max: 12 }).map(String), junkSegment),
          fc.constantFrom('.webp', '.svg', '', '.png', '.webp%00', '.svg/..'),
        )
        .map(([id, n, ext]) => `${id}-${n}${ext}`),
      junkSegment,
    ),
    stateCode: fc.oneof(
      fc.integer({ min: 0, max: 120 }).map(String),
      fc.integer({ min: 0, max: 9 }).map((n) => `0${n}`),
      junkSegment,
    ),
    subMunicipalityId: fc.oneof(
      fc.integer({ min: 0, max: 2_000 }).map(String),
      fc.integer({ min: 0, max: 2 ** 31 }).map(String),
      junkSegment,
    ),
    '*': fc.oneof(
      fc.constantFrom(
        'index.html',
        'assets/app.js',
        'assets/',
        'assets/..%2f..%2fpackage.json',
        '..%2fpackage.json',
        '%2e%2e/%2e%2e/etc/passwd',
        'a/'.repeat(200),
        'profile',
        'cart',
      ),
      junkSegment,
      fc.array(junkSegment, { maxLength: 5 }).map((parts) => parts.join('/')),
    ),
  };
}

/** The parameter names of a route path: `:name` segments and the `*` wildcard. */
export function paramNames(url: string): string[] {
  return url
    .split('/')
    .flatMap((segment) => (segment === '*' ? ['*'] : segment.startsWith(':') ? [segment.slice(1).replace(/\(.*$/, '')] : []));
}

/** Routes with a path parameter that has no generator: the run refuses to go on with them. */
export function missingParamGenerators(routes: readonly HostileRoute[], ctx: HostileContext): string[] {
  const known = paramGenerators(ctx);
  return routes.flatMap((route) =>
    paramNames(route.url)
      .filter((name) => !(name in known))
      .map((name) => `${route.method} ${route.url} (:${name})`),
  );
}

const query: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.constant('') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '?a=%00',
      '?a=%ED%A0%80',
      '?%00=1',
      '?a[]=1&a[]=2',
      '?__proto__[x]=1',
      '?__proto__=1',
      '?constructor[prototype][x]=1',
      '?a=1&a=2&a=3',
      '?',
      '??',
      '?&&&',
      '?a=%',
      '?a=%zz',
      '?id=1%27%20OR%20%271%27=%271',
      `?${'a=1&'.repeat(2000)}`,
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }).map((s) => `?q=${encodeAll(s)}`) },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 8_000 }).map((n) => `?q=${'x'.repeat(n)}`) },
);

/**
 * Idempotency keys: mostly a few reused ones (so the same key meets other bodies: 422, and
 * replays), fresh valid ones, none, or junk of legal header characters.
 */
const idempotencyKey: fc.Arbitrary<string | null> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('hostile-key-1', 'hostile-key-2', 'hostile-key-3') },
  { weight: 3, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{8,100}$/) },
  { weight: 2, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: fc.stringMatching(/^[\x21-\x7e][\x20-\x7e]{0,300}$/) },
);

/** Generated requests for one route of the app. */
export function hostileRequests(route: HostileRoute, ctx: HostileContext): fc.Arbitrary<HostileRequest> {
  const bases = baseBodies(ctx);
  const names = fieldNames(bases);
  const generators = paramGenerators(ctx);
  const segments = route.url.split('/').map((segment) => {
    const name = paramNames(segment)[0];
    return name === undefined ? fc.constant(segment) : (generators[name] ?? fc.constant(segment));
  });
  const routeKey = `${route.method === 'HEAD' ? 'GET' : route.method} ${route.url}`;
  return fc.record({
    method: fc.constant(route.method),
    route: fc.constant(route.url),
    // A bare `*` route (CORS preflight) matches any path: it still starts with a slash.
    path: fc
      .tuple(...segments)
      .map((parts) => parts.join('/'))
      .map((path) => (path.startsWith('/') ? path : `/${path}`)),
    query,
    auth: fc.oneof({ weight: 6, arbitrary: fc.constant<AuthKind>('valid') }, { weight: 4, arbitrary: fc.constantFrom(...authKinds) }),
    garbageToken: fc.stringMatching(/^[\x21-\x7e]{0,300}$/),
    idempotencyKey,
    body: bodySpec(routeKey, bases, names),
  });
}
