/**
 * `npm run bench:soak` (`npm run bench`, last; not in `npm test`): issue 29's soak. The built
 * reference API server (`dist/.server/main.mjs` of a production build, with the Node flags
 * `npm start` gives it) on PGlite in a fresh DATA_DIR (removed afterwards), at LOG_LEVEL warn
 * (BENCH_LOG_LEVEL to change it), with the test servers' limits (TEST_ENV: rate limits out of the
 * way, cheap argon2, so no throttle answers 429; the per-client sign-in limit is raised further
 * when the run's planned sign-ins would pass it), under mixed shopper traffic at a fixed rate.
 *
 * First BENCH_SOAK_SHOPPERS (20) shoppers sign up, sign in and save an address. Then requests
 * start at a fixed arrival rate, an open model: BENCH_SOAK_RATE (50) a second, each on schedule
 * whether or not earlier ones have answered (a slow server meets more requests in flight, not
 * fewer requests). Each one is the next step of the next shopper's journey, as the shop makes the
 * calls:
 *
 *   home (a collection: `POST /api/product {collection}`), categories (`GET /api/category`), a
 *   category page (`{allCategoryIds, limit: 24, offset: 0, sort: 'name'}`, the category and its
 *   descendants), a search (`{q, limit: 24}`: a word of the catalogue, a prefix, two words, now
 *   and then a word that finds nothing), a product (`GET /api/product/{id}`, put in the cart),
 *   sign in (`POST /api/users/login`), the cart (the cart lives in the browser: the cart page
 *   reads its products' current prices, `GET /api/product/{id}`), an order (`POST /api/orders`
 *   of the cart to the saved address, a fresh Idempotency-Key) and the order list.
 *
 * BENCH_SOAK_WARMUP_SECONDS (60) of warm-up, then BENCH_SOAK_MINUTES (10) measured, in windows of
 * 30 s. At the end of the warm-up and of each window: the server process's RSS (VmRSS in
 * /proc/<pid>/status), and the window's requests, p50, p99 and max latency (from sending to the
 * last byte of the answer) and errors, one line each as it ends; at the end, the table of all
 * windows, each step's p50 and p99 after the warm-up, the errors by step and the goals:
 *
 * - memory: the RSS at the end within 10% of the RSS after the warm-up (ratio <= 1.10);
 * - p99 stable: the last window's p99 at most twice the first measured window's;
 * - errors: 0, warm-up included (an error: any answer but 2xx, or no answer within 15 s).
 *
 * Exits non-zero when a goal is missed or the bench itself fails. BENCH_SKIP_BUILD reuses the
 * newest bench build.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { TEST_ENV } from '../../api/src/testing/test-env';
import type { Category } from '@shop/core/domain/category';
import { descendantIds } from '@shop/core/domain/category-tree';
import { BUILT_SERVER, productionBuild, SERVER_NODE_FLAGS } from '../support/production-build';
import { type Goal, percent, quantile, root, type Running, startProcess, table, thousands } from './bench-support';
import { type ApiAnswer, CALL_DEADLINE_MS, callApi } from '../support/api-call';

const RATE = Number(process.env.BENCH_SOAK_RATE ?? 50);
const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_SOAK_WARMUP_SECONDS ?? 60);
const SHOPPERS = Number(process.env.BENCH_SOAK_SHOPPERS ?? 20);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';
const WINDOW_SECONDS = 30;
const PASSWORD = 'Str0ng!Pass';

/** The goals: RSS at the end over RSS after the warm-up, and the last window's p99 over the first's. */
const MEMORY_GOAL = 1.1;
const P99_GOAL = 2;

// ---------------------------------------------------------------------------------------------
// The server and its memory

/** The process's resident memory now and its peak, in bytes (VmRSS, VmHWM). */
function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)\\s+kB`, 'm').exec(status)?.[1] ?? Number.NaN) * 1024;
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

// ---------------------------------------------------------------------------------------------
// HTTP

const ok = (answer: ApiAnswer) => answer.status >= 200 && answer.status < 300;

function required(answer: ApiAnswer, what: string): ApiAnswer {
  if (!ok(answer)) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.json).slice(0, 300)}`);
  return answer;
}

// ---------------------------------------------------------------------------------------------
// The shop and its shoppers

interface Shop {
  base: string;
  categories: Category[];
  /** Products with a price: what a shopper can order. */
  productIds: string[];
  /** Lower-case words of the product names, for searches. */
  words: string[];
}

interface Shopper {
  email: string;
  token: string;
  addressId: string;
  /** Product ids, newest last: at most three, emptied by an order. */
  cart: string[];
  /** The next step of the journey. */
  step: number;
  round: number;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

async function openShop(base: string): Promise<Shop> {
  const categories = required(await callApi(base, 'GET', '/api/category'), 'categories').json as Category[];
  const products = required(await callApi(base, 'POST', '/api/product', { body: {} }), 'the catalogue').json as Array<{
    _id: string;
    prodName: string;
    prodPrice: number | null;
  }>;
  const productIds = products.filter((product) => typeof product.prodPrice === 'number').map((product) => product._id);
  const words = [
    ...new Set(
      products.flatMap((product) => product.prodName.toLocaleLowerCase('tr').split(/[^\p{L}\p{N}]+/u)).filter((w) => w.length >= 3),
    ),
  ];
  if (categories.length === 0 || productIds.length === 0 || words.length === 0) {
    throw new Error('The catalogue has no categories, priced products or names: is the demo catalogue seeded?');
  }
  return { base, categories, productIds, words };
}

async function signUp(shop: Shop, index: number): Promise<Shopper> {
  const email = `soak-${index}-${randomBytes(4).toString('hex')}@example.com`;
  required(
    await callApi(shop.base, 'POST', '/api/users/register', { body: { userName: `Soak shopper ${index}`, email, password: PASSWORD } }),
    'register',
  );
  const login = required(await callApi(shop.base, 'POST', '/api/users/login', { body: { email, password: PASSWORD } }), 'login');
  const token = (login.json as { accessToken: string }).accessToken;
  const address = {
    addressName: 'Home',
    addressType: 'Home',
    receiverName: `Soak Shopper ${index}`,
    receiverPhoneCCode: '+90',
    receiverPhoneACode: '532',
    receiverPhoneMain: String(1_000_000 + index),
    addressDetails: `Test Sokak ${index + 1}`,
    postalCode: '34000',
    countryName: 'Türkiye',
    isDefaultAddress: true,
  };
  const saved = required(await callApi(shop.base, 'PUT', '/api/users/update-address', { body: address, token }), 'update-address');
  return { email, token, addressId: (saved.json as { _newId: string })._newId, cart: [], step: 0, round: 0 };
}

/** What a shopper searches for: a word of the catalogue, a prefix of one, two words, or (1 in 10) a word that finds nothing. */
function searchText(shop: Shop, round: number): string {
  const word = pick(shop.words);
  switch (round % 10) {
    case 9:
      return randomBytes(4).toString('hex').replace(/\d/g, 'q');
    case 1:
    case 4:
    case 7:
      return word.slice(0, 2 + Math.floor(Math.random() * (word.length - 2)));
    case 2:
    case 5:
      return `${word} ${pick(shop.words)}`;
    default:
      return word;
  }
}

const COLLECTIONS = ['new', 'popular', 'unusual', 'discounted'] as const;

/** The journey, one request per step, in the order a shopper takes them. */
const JOURNEY: ReadonlyArray<{ name: string; run: (shop: Shop, shopper: Shopper) => Promise<ApiAnswer> }> = [
  {
    name: 'home: POST /api/product {collection}',
    run: (shop, shopper) =>
      callApi(shop.base, 'POST', '/api/product', { body: { collection: COLLECTIONS[shopper.round % COLLECTIONS.length] } }),
  },
  { name: 'categories: GET /api/category', run: (shop) => callApi(shop.base, 'GET', '/api/category') },
  {
    name: 'category page: POST /api/product {allCategoryIds, limit, offset, sort}',
    run: (shop) =>
      callApi(shop.base, 'POST', '/api/product', {
        body: { allCategoryIds: descendantIds(shop.categories, pick(shop.categories).categoryId), limit: 24, offset: 0, sort: 'name' },
      }),
  },
  {
    name: 'search: POST /api/product {q, limit}',
    run: (shop, shopper) => callApi(shop.base, 'POST', '/api/product', { body: { q: searchText(shop, shopper.round), limit: 24 } }),
  },
  {
    name: 'product: GET /api/product/{id}',
    run: (shop, shopper) => {
      const id = pick(shop.productIds);
      // Put in the cart as the request leaves: later steps need no answer of this one.
      if (!shopper.cart.includes(id)) shopper.cart = [...shopper.cart, id].slice(-3);
      return callApi(shop.base, 'GET', `/api/product/${id}`);
    },
  },
  {
    name: 'sign in: POST /api/users/login',
    run: async (shop, shopper) => {
      const answer = await callApi(shop.base, 'POST', '/api/users/login', { body: { email: shopper.email, password: PASSWORD } });
      const token = (answer.json as { accessToken?: unknown }).accessToken;
      if (ok(answer) && typeof token === 'string') shopper.token = token;
      return answer;
    },
  },
  {
    name: 'cart: GET /api/product/{id}',
    run: (shop, shopper) =>
      callApi(shop.base, 'GET', `/api/product/${shopper.cart[shopper.round % shopper.cart.length] ?? pick(shop.productIds)}`),
  },
  {
    name: 'order: POST /api/orders',
    run: async (shop, shopper) => {
      const lines = (shopper.cart.length > 0 ? shopper.cart : [pick(shop.productIds)]).map((id) => ({
        _id: id,
        quantity: 1 + Math.floor(Math.random() * 2),
      }));
      shopper.cart = [];
      const request = {
        lines,
        billingAddressId: shopper.addressId,
        shippingAddressId: shopper.addressId,
        paymentMethod: 'cash-on-delivery',
      };
      // D24: the shop shows the contract for the request first; the order accepts its version and hash.
      const rendered = await callApi(shop.base, 'POST', '/api/orders/contract', { body: request, token: shopper.token });
      if (rendered.status !== 200) return rendered;
      const { contract } = rendered.json as { contract: { version: string; sha256: string } };
      return callApi(shop.base, 'POST', '/api/orders', {
        body: { ...request, contractAcceptance: { accepted: true, version: contract.version, sha256: contract.sha256 } },
        token: shopper.token,
        headers: { 'idempotency-key': randomBytes(12).toString('hex') },
      });
    },
  },
  {
    name: 'orders: GET /api/orders',
    run: (shop, shopper) => callApi(shop.base, 'GET', '/api/orders?limit=20&offset=0', { token: shopper.token }),
  },
];

/**
 * TEST_ENV, with the per-client sign-in limit (every sign-in counts, all from 127.0.0.1, per
 * 15-minute window) raised when the run's planned sign-ins would pass it.
 */
function serverLimits(): Record<string, string> {
  const planned = Math.ceil((RATE * (WARMUP_SECONDS + MINUTES * 60)) / JOURNEY.length) + SHOPPERS;
  const limit = Math.max(Number(TEST_ENV.RATE_LIMIT_LOGIN_PER_CLIENT ?? 0), 2 * planned);
  return { ...TEST_ENV, RATE_LIMIT_LOGIN_PER_CLIENT: String(limit) };
}

// ---------------------------------------------------------------------------------------------
// The run: requests on schedule, windows of 30 s

interface Window {
  label: string;
  from: number;
  to: number;
  latencies: number[];
  errors: number;
  rss: number;
  inFlight: number;
}

function windowRow(window: Window): string[] {
  const sorted = [...window.latencies].sort((a, b) => a - b);
  const seconds = (window.to - window.from) / 1000;
  return [
    window.label,
    `${(window.from / 1000).toFixed(0)}-${(window.to / 1000).toFixed(0)} s`,
    thousands(sorted.length + window.errors),
    (sorted.length / Math.max(seconds, 0.001)).toFixed(1),
    ms(quantile(sorted, 0.5)),
    ms(quantile(sorted, 0.99)),
    ms(sorted.at(-1) ?? Number.NaN),
    String(window.errors),
    String(window.inFlight),
    mb(window.rss),
  ];
}

const WINDOW_HEADER = ['window', 'time', 'requests', 'answered/s', 'p50', 'p99', 'max', 'errors', 'in flight at end', 'server RSS'];

interface Soak {
  windows: Window[];
  errorsByStep: Map<string, number>;
  /** The 2xx latencies of each step after the warm-up. */
  latenciesByStep: Map<string, number[]>;
  errorSamples: string[];
  /** How far behind its schedule the latest request started (the bench's own lag). */
  maxLagMs: number;
  sent: number;
}

async function soak(shop: Shop, shoppers: Shopper[], pid: number): Promise<Soak> {
  const warmupMs = WARMUP_SECONDS * 1000;
  const totalMs = warmupMs + MINUTES * 60_000;
  const boundaries: number[] = [];
  if (warmupMs > 0) boundaries.push(warmupMs);
  for (let end = warmupMs + WINDOW_SECONDS * 1000; end < totalMs; end += WINDOW_SECONDS * 1000) boundaries.push(end);
  boundaries.push(totalMs);

  const result: Soak = { windows: [], errorsByStep: new Map(), latenciesByStep: new Map(), errorSamples: [], maxLagMs: 0, sent: 0 };
  const inFlight = new Set<Promise<void>>();
  let measured = 0;
  const open = (from: number): Window => ({
    label: from < warmupMs ? 'warm-up' : String((measured += 1)),
    from,
    to: from,
    latencies: [],
    errors: 0,
    rss: 0,
    inFlight: 0,
  });
  let current = open(0);
  const close = (to: number) => {
    current.to = to;
    current.rss = memory(pid).rss;
    current.inFlight = inFlight.size;
    result.windows.push(current);
    const row = windowRow(current);
    console.log(WINDOW_HEADER.map((name, column) => `${name} ${row[column] ?? ''}`).join(', '));
    current = open(to);
  };

  const launch = (index: number) => {
    const shopper = shoppers[index % shoppers.length]!;
    const step = JOURNEY[shopper.step]!;
    shopper.step = (shopper.step + 1) % JOURNEY.length;
    if (shopper.step === 0) shopper.round += 1;
    const started = performance.now();
    const error = (detail: string) => {
      current.errors += 1;
      result.errorsByStep.set(step.name, (result.errorsByStep.get(step.name) ?? 0) + 1);
      if (result.errorSamples.length < 10) result.errorSamples.push(`${step.name}: ${detail}`);
    };
    const request = step.run(shop, shopper).then(
      (answer) => {
        if (ok(answer)) {
          const latency = performance.now() - started;
          current.latencies.push(latency);
          if (current.label !== 'warm-up') {
            const ofStep = result.latenciesByStep.get(step.name) ?? [];
            ofStep.push(latency);
            result.latenciesByStep.set(step.name, ofStep);
          }
        } else error(`${answer.status} ${JSON.stringify(answer.json).slice(0, 200)}`);
      },
      (failure: unknown) => error(failure instanceof Error ? `${failure.name}: ${failure.message}` : String(failure)),
    );
    inFlight.add(request);
    void request.finally(() => inFlight.delete(request));
  };

  const t0 = performance.now();
  const due = (index: number) => (index * 1000) / RATE;
  let boundary = 0;
  for (;;) {
    const now = performance.now() - t0;
    while (due(result.sent) <= now && due(result.sent) < totalMs) {
      result.maxLagMs = Math.max(result.maxLagMs, now - due(result.sent));
      launch(result.sent);
      result.sent += 1;
    }
    // Every window but the last ends on time; the last waits for the answers still on their way.
    while (boundary < boundaries.length - 1 && boundaries[boundary]! <= now) close(boundaries[boundary++]!);
    if (due(result.sent) >= totalMs) break;
    await sleep(Math.max(0, Math.min(due(result.sent), boundaries[boundary]!) - now));
  }
  // All sent: the windows still open end on time, the last one once every answer is in.
  for (; boundary < boundaries.length; boundary += 1) {
    await sleep(Math.max(0, boundaries[boundary]! - (performance.now() - t0)));
    if (boundary < boundaries.length - 1) close(boundaries[boundary]!);
  }
  await Promise.allSettled([...inFlight]);
  close(totalMs);
  return result;
}

// ---------------------------------------------------------------------------------------------

function verdict(run: Soak, peak: number): Goal[] {
  const warmup = run.windows.find((window) => window.label === 'warm-up');
  const measured = run.windows.filter((window) => window.label !== 'warm-up');
  const first = measured[0];
  const last = measured.at(-1);
  const p99 = (window: Window | undefined) =>
    quantile(
      [...(window?.latencies ?? [])].sort((a, b) => a - b),
      0.99,
    );
  const baseline = warmup?.rss ?? Number.NaN;
  const end = last?.rss ?? Number.NaN;
  const errors = run.windows.reduce((sum, window) => sum + window.errors, 0);
  return [
    {
      what: 'memory: server RSS at the end / after the warm-up',
      measured: `${(end / baseline).toFixed(3)} (${mb(end)} / ${mb(baseline)}; peak ${mb(peak)})`,
      goal: `<= ${MEMORY_GOAL.toFixed(2)}`,
      met: end / baseline <= MEMORY_GOAL,
    },
    {
      what: `p99: the last window (${last?.label ?? '-'}) / the first after the warm-up (${first?.label ?? '-'})`,
      measured: `${(p99(last) / p99(first)).toFixed(2)} (${ms(p99(last))} / ${ms(p99(first))})`,
      goal: `<= ${P99_GOAL}x`,
      met: p99(last) / p99(first) <= P99_GOAL,
    },
    {
      what: `errors (not 2xx, or no answer in ${CALL_DEADLINE_MS / 1000} s), warm-up included`,
      measured: `${errors} of ${thousands(run.sent)} (${percent(errors / Math.max(1, run.sent))})`,
      goal: '0',
      met: errors === 0,
    },
  ];
}

async function main(): Promise<void> {
  const buildDir = productionBuild('bench-builds', Boolean(process.env.BENCH_SKIP_BUILD));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'soak-bench-'));
  const entry = path.relative(root, path.join(buildDir, BUILT_SERVER));
  console.log(
    `Soak bench: ${entry} on PGlite, LOG_LEVEL ${LOG_LEVEL}; ${RATE} requests/s (open model) from ${SHOPPERS} shoppers,` +
      ` ${WARMUP_SECONDS} s of warm-up, then ${MINUTES} min in windows of ${WINDOW_SECONDS} s.`,
  );
  let server: Running | undefined;
  try {
    const nodeOptions = [process.env.NODE_OPTIONS, ...SERVER_NODE_FLAGS].filter(Boolean).join(' ');
    server = await startProcess(
      entry,
      { ...serverLimits(), NODE_OPTIONS: nodeOptions, LOG_LEVEL, HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: buildDir },
      '/health/ready',
    );
    const { pid } = server;
    const shop = await openShop(server.url);
    const shoppers: Shopper[] = [];
    for (let index = 0; index < SHOPPERS; index += 1) shoppers.push(await signUp(shop, index));
    console.log(
      `Server pid ${pid}, RSS ${mb(memory(pid).rss)} after start and sign-up; the catalogue: ${shop.categories.length} categories,` +
        ` ${shop.productIds.length} priced products, ${shop.words.length} words to search for.\n` +
        `The journey (one request per step): ${JOURNEY.map((step) => step.name.split(':')[0]).join(', ')}.\n`,
    );

    const run = await soak(shop, shoppers, pid);
    const { peak } = memory(pid);

    console.log(`\nThe windows (latency from sending to the answer's last byte, of the 2xx answers):`);
    console.log(table([WINDOW_HEADER, ...run.windows.map(windowRow)]));
    console.log(
      `\n${thousands(run.sent)} requests sent at ${RATE}/s; the bench started one at most ${ms(run.maxLagMs)} behind its schedule.`,
    );
    console.log(`\nEach step after the warm-up (2xx answers):`);
    console.log(
      table([
        ['step', 'answers', 'p50', 'p99', 'max'],
        ...JOURNEY.map(({ name }) => {
          const sorted = [...(run.latenciesByStep.get(name) ?? [])].sort((x, y) => x - y);
          return [name, thousands(sorted.length), ms(quantile(sorted, 0.5)), ms(quantile(sorted, 0.99)), ms(sorted.at(-1) ?? Number.NaN)];
        }),
      ]),
    );
    if (run.errorsByStep.size > 0) {
      console.log(`Errors by step: ${[...run.errorsByStep].map(([step, count]) => `${step}: ${count}`).join('; ')}`);
      console.log(`The first errors:\n  ${run.errorSamples.join('\n  ')}`);
    }
    const goals = verdict(run, peak);
    console.log('');
    console.log(
      table([['', 'what', 'measured', 'goal'], ...goals.map((goal) => [goal.met ? 'ok' : 'MISSED', goal.what, goal.measured, goal.goal])]),
    );
    const missed = goals.filter((goal) => !goal.met);
    console.log(missed.length === 0 ? '\nEvery goal met.' : `\n${missed.length} of ${goals.length} goals missed.`);
    process.exitCode = missed.length === 0 ? 0 : 1;
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error('The soak bench failed:', error);
  process.exitCode = 1;
});
