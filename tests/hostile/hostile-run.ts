/**
 * `npm run test:hostile`: generated hostile input (fast-check, fixed seed) against every route the
 * app registers, through `app.inject`, on PGlite and on PostgreSQL when one is reachable. Fails
 * on any 5xx, on any rejected (4xx/5xx) request that changed a table, and on a route whose path
 * parameter has no generator. HOSTILE_SEED and HOSTILE_RUNS (requests per route) change the run.
 */
import fc from 'fast-check';
import { redactUrl } from '@shop/core/node/logger-options';
import { demoProducts } from '@shop/core/demo/demo-catalog';
import { productIdFromSlug } from '@shop/core/demo/product-id';
import { changedTables, fingerprinter, UNWATCHED_TABLES } from './db-fingerprint';
import {
  describeBody,
  type HostileContext,
  type HostileRequest,
  hostileRequests,
  materializeBody,
  missingParamGenerators,
} from './hostile-requests';
import { startHostileTarget } from './hostile-target';
import { authHeader, buildTokenSet } from './hostile-tokens';
import { reachablePostgres } from '../support/reachable-postgres';

const seed = Number(process.env.HOSTILE_SEED ?? 20_260_101);
const runs = Number(process.env.HOSTILE_RUNS ?? 40);
/** Per database: past it the run stops sending, says so, and still judges what it sent. */
const timeBudgetMs = Number(process.env.HOSTILE_TIME_BUDGET_SECONDS ?? 150) * 1000;
const ANSWER_TIMEOUT_MS = 15_000;
const SHOWN = 5;

interface Finding {
  request: HostileRequest;
  status: number | string;
  detail: string;
}

interface Outcome {
  engine: string;
  sent: number;
  serverErrors: Finding[];
  stateChanges: Finding[];
  missing: string[];
  statuses: Map<number | string, number>;
  outOfTime: boolean;
  seconds: number;
}

/** Requests of all routes interleaved, so a time-limited run still reaches every route. */
function interleave<T>(lists: T[][]): T[] {
  const longest = Math.max(0, ...lists.map((list) => list.length));
  const all: T[] = [];
  for (let i = 0; i < longest; i++) for (const list of lists) if (i < list.length) all.push(list[i] as T);
  return all;
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function attack(databaseUrl: string | null): Promise<Outcome> {
  const started = Date.now();
  const target = await startHostileTarget(databaseUrl);
  const outcome: Outcome = {
    engine: target.engine,
    sent: 0,
    serverErrors: [],
    stateChanges: [],
    missing: [],
    statuses: new Map(),
    outOfTime: false,
    seconds: 0,
  };
  try {
    const ctx: HostileContext = {
      email: target.email,
      addressId: target.addressId,
      productIds: demoProducts.map((product) => productIdFromSlug(product.slug)),
    };
    outcome.missing = missingParamGenerators(target.routes, ctx);
    if (outcome.missing.length > 0) return outcome;

    let tokens = await buildTokenSet(target);
    const fingerprint = await fingerprinter(target.db);
    const requests = interleave(
      target.routes.map((route, index) => fc.sample(hostileRequests(route, ctx), { seed: seed + index, numRuns: runs })),
    );
    let baseline = await fingerprint();

    for (const request of requests) {
      if (Date.now() - started > timeBudgetMs) {
        outcome.outOfTime = true;
        break;
      }
      const { payload, contentType } = materializeBody(request.body);
      const headers = {
        ...authHeader(request.auth, request.garbageToken, tokens, request.route),
        ...(request.idempotencyKey !== null ? { 'idempotency-key': request.idempotencyKey } : {}),
        ...(contentType !== undefined ? { 'content-type': contentType } : {}),
      };
      let status: number | string;
      let message = '';
      try {
        const response = await Promise.race([
          target.app.inject({
            method: request.method as 'GET',
            url: request.path + request.query,
            headers,
            ...(payload !== undefined ? { payload } : {}),
          }),
          settle(ANSWER_TIMEOUT_MS).then(() => 'no answer' as const),
        ]);
        if (response === 'no answer') status = 'no answer';
        else {
          status = response.statusCode;
          message = response.body.slice(0, 200);
        }
      } catch (error) {
        status = 'inject threw';
        message = error instanceof Error ? error.message : String(error);
      }
      outcome.sent++;
      outcome.statuses.set(status, (outcome.statuses.get(status) ?? 0) + 1);
      if (typeof status !== 'number' || status >= 500) outcome.serverErrors.push({ request, status, detail: message });

      let after = await fingerprint();
      if (typeof status === 'number' && status < 400) {
        // Accepted: the state may change. Work a handler left running (the reset mail, written after
        // the answer) lands first: the state must hold still for three looks in a row (up to 1.5 s).
        if (request.method !== 'GET' && request.method !== 'HEAD') {
          let still = 0;
          for (let i = 0; i < 100 && still < 3; i++) {
            await settle(15);
            const again = await fingerprint();
            if (changedTables(after, again).length === 0) still++;
            else {
              still = 0;
              after = again;
            }
          }
        }
        if (request.auth === 'valid') {
          // A generated logout (or the like) ended the session: sign in again to keep probing.
          const check = await target.app.inject({
            method: 'GET',
            url: '/api/users/profile',
            headers: { authorization: `Bearer ${target.session.accessToken}` },
          });
          if (check.statusCode === 401) {
            await target.signIn();
            tokens = await buildTokenSet(target);
            after = await fingerprint();
          }
        }
      } else {
        const changed = changedTables(baseline, after);
        if (changed.length > 0) outcome.stateChanges.push({ request, status, detail: `changed: ${changed.join(', ')}` });
      }
      baseline = after;
    }
  } finally {
    await target.close();
    outcome.seconds = (Date.now() - started) / 1000;
  }
  return outcome;
}

function show(finding: Finding): string {
  const { request } = finding;
  // Tokens are named by kind, never printed; a token in the path is masked like in the logs.
  const url = redactUrl(request.path + request.query);
  return [
    `    ${request.method} ${url.length > 160 ? `${url.slice(0, 160)}…` : url}  (route ${request.route})`,
    `      auth: ${request.auth}; body: ${describeBody(request.body)}`,
    `      answer: ${finding.status} ${finding.detail}`,
  ].join('\n');
}

function report(outcome: Outcome): boolean {
  console.log(`\n${outcome.engine}: ${outcome.seconds.toFixed(1)} s`);
  if (outcome.missing.length > 0) {
    console.log('  routes with a path parameter that has no generator (add one in tests/hostile/hostile-requests.ts):');
    for (const line of outcome.missing) console.log(`    ${line}`);
    return false;
  }
  const statuses = [...outcome.statuses.entries()].sort(([a], [b]) => String(a).localeCompare(String(b))).map(([s, n]) => `${s}×${n}`);
  console.log(`  requests sent: ${outcome.sent}${outcome.outOfTime ? ' (time budget reached: the rest were not sent)' : ''}`);
  console.log(`  answers: ${statuses.join(' ')}`);
  console.log(`  5xx (or no answer): ${outcome.serverErrors.length}`);
  for (const finding of outcome.serverErrors.slice(0, SHOWN)) console.log(show(finding));
  console.log(`  rejected requests that changed state: ${outcome.stateChanges.length}`);
  for (const finding of outcome.stateChanges.slice(0, SHOWN)) console.log(show(finding));
  return outcome.serverErrors.length === 0 && outcome.stateChanges.length === 0;
}

async function main(): Promise<void> {
  console.log(`Hostile input: seed ${seed} (HOSTILE_SEED), ${runs} requests per route (HOSTILE_RUNS).`);
  console.log(
    `State is compared before and after every rejected request, over all tables but ${UNWATCHED_TABLES.join(', ')}` +
      ' (rate-limit counters count rejected attempts by design).',
  );
  const url = await reachablePostgres(process.env.TEST_DATABASE_URL);
  const databases: (string | null)[] = [null, ...(url ? [url] : [])];
  if (!url) console.log('PostgreSQL: not reachable (set TEST_DATABASE_URL); PGlite only.');
  let ok = true;
  for (const database of databases) ok = report(await attack(database)) && ok;
  console.log(ok ? '\nHostile input: no 5xx, no state changed by a rejected request.' : '\nHostile input: FAILED.');
  process.exitCode = ok ? 0 : 1;
}

await main();
