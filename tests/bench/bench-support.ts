/**
 * What the benches that load the real server share (server-bench.ts, scale-bench.ts): starting
 * a TypeScript entry point in a process of its own, autocannon in slices taking turns with the
 * bare Fastify route (bare-server.ts), and the printing helpers. BENCH_SECONDS and
 * BENCH_CONNECTIONS apply to both.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import autocannon, { type Result as AutocannonResult } from 'autocannon';
import { freePort } from '../support/free-port';
import { TEST_ENV } from '../../api/src/testing/test-env';

export const root = path.resolve(import.meta.dirname, '../..');
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

/** What Chromium sends. */
export const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';
export const KiB = 1024;

export const percent = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;
export const thousands = (n: number) => Math.round(n).toLocaleString('en-US');
export const kib = (bytes: number) => `${(bytes / KiB).toFixed(1)} KiB`;
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

export function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ')).join('\n');
}

// ---------------------------------------------------------------------------------------------
// Processes

export interface Running {
  url: string;
  /** The process's id (its memory can be read in /proc). */
  pid: number;
  stop(): Promise<void>;
}

/**
 * A free local address for a server and the environment it starts with there. A bench's many
 * clients all come from 127.0.0.1: one shopper's budget for uncached catalogue answers
 * (RATE_LIMIT_CATALOG_*) would hold them back (429), so it is lifted unless `env` names it. No
 * NODE_ENV: the server's own default (development), as production would ask for SMTP and a JWT secret.
 */
export async function serverEnv(env: Record<string, string>): Promise<{ url: string; childEnv: NodeJS.ProcessEnv }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: url,
    RATE_LIMIT_CATALOG_PER_CLIENT: TEST_ENV.RATE_LIMIT_CATALOG_PER_CLIENT,
    RATE_LIMIT_CATALOG_PER_SECOND: TEST_ENV.RATE_LIMIT_CATALOG_PER_SECOND,
    ...env,
  };
  delete childEnv.NODE_ENV;
  return { url, childEnv };
}

/** A TypeScript entry point in a process of its own, ready once `readyPath` answers 200. */
export async function startProcess(entry: string, env: Record<string, string>, readyPath: string): Promise<Running> {
  const { url, childEnv } = await serverEnv(env);
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  let stopping = false;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      if (!stopping) console.error(`${entry} ended on its own (${code ?? signal}): ${stderr}`);
      resolve();
    }),
  );
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${entry} exited (${child.exitCode}): ${stderr}`);
    const answer = await fetch(url + readyPath).catch(() => undefined);
    if (answer?.ok) break;
    if (Date.now() > deadline) throw new Error(`${entry} did not answer ${readyPath} in time: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    pid: child.pid ?? 0,
    async stop() {
      stopping = true;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Throughput

export interface Load {
  rps: number;
  /** Status line, headers and body of one answer, as received. */
  wireBytes: number;
  /** The median of the slices' medians (ms), of answers on connections already open. */
  p50: number;
  /** The worst slice's p99 (ms), of answers on connections already open (`hammer`). */
  p99: number;
  /** The p99 of the connections' first answers, over every slice (ms): 50 connections opened at once. */
  firstAnswersP99: number;
  failures: number;
}

export interface Target {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  body?: string;
}

/** Seconds of one slice: a route and the bare route take turns, so both see the same machine. */
export const SLICE_SECONDS = 1;

/** The headers a browser sends with `target`'s request: its Accept-Encoding, and a JSON body's type. */
export function requestHeaders(target: Target): Record<string, string> {
  return { 'accept-encoding': BROWSER_ENCODINGS, ...(target.body === undefined ? {} : { 'content-type': 'application/json' }) };
}

/** A slice's run and its answers' times (ms): each connection's first answer, and every later one. */
export interface Hammered {
  result: AutocannonResult;
  firstAnswers: number[];
  laterAnswers: number[];
}

/**
 * `target` at CONNECTIONS connections for `seconds`. Every run opens its connections at once, so
 * their first answers queue behind each other's connection setup (50 at the same moment, once a
 * slice); they are kept apart from the answers on connections already open, the steady state
 * the p99 goals are about.
 */
export async function hammer(target: Target, seconds: number): Promise<Hammered> {
  const firstAnswers: number[] = [];
  const laterAnswers: number[] = [];
  const answered = new WeakSet<object>();
  const result = await new Promise<AutocannonResult>((resolve, reject) => {
    autocannon(
      {
        url: target.url,
        connections: CONNECTIONS,
        duration: seconds,
        method: target.method ?? 'GET',
        headers: requestHeaders(target),
        ...(target.body === undefined ? {} : { body: target.body }),
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    ).on('response', (client, _status, _bytes, time) => {
      if (answered.has(client)) laterAnswers.push(time);
      else {
        answered.add(client);
        firstAnswers.push(time);
      }
    });
  });
  return { result, firstAnswers, laterAnswers };
}

/** The `fraction` quantile of `values` (nearest rank), NaN when there are none. */
export function quantile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

/** How `loadBeside` loads each `unit` (a route, a page, a query), for the printed tables. */
export const loadDescription = (unit: string) =>
  `${CONNECTIONS} connections, ${SECONDS} s per ${unit} in ${SLICE_SECONDS} s slices taking turns with the bare route`;

/** A goal a bench checks, as its last table prints it. */
export interface Goal {
  what: string;
  measured: string;
  goal: string;
  met: boolean;
}

/**
 * `target` and the bare route in alternating one-second slices, SECONDS of each in all, after a
 * second of warm-up each (JIT, caches). A busy neighbour on a shared machine then slows both
 * alike: the share is the median of the slices' shares. The p50 and p99 are of answers on
 * connections already open; the connections' first answers have a p99 of their own.
 */
export async function loadBeside(target: Target, bare: Target): Promise<{ route: Load; bare: Load; share: number }> {
  await hammer(target, 1);
  await hammer(bare, 1);
  const pairs: Array<{ route: Hammered; bare: Hammered }> = [];
  for (let slice = 0; slice < SECONDS; slice += SLICE_SECONDS) {
    const bareSlice = await hammer(bare, SLICE_SECONDS);
    pairs.push({ bare: bareSlice, route: await hammer(target, SLICE_SECONDS) });
  }
  // A slice with fewer later answers than connections (a stalled route) is measured by all of its answers.
  const steady = (slice: Hammered) =>
    slice.laterAnswers.length >= CONNECTIONS ? slice.laterAnswers : [...slice.firstAnswers, ...slice.laterAnswers];
  const summary = (slices: Hammered[]): Load => {
    const results = slices.map((slice) => slice.result);
    const requests = results.reduce((sum, result) => sum + result.requests.total, 0);
    return {
      rps: requests / (results.length * SLICE_SECONDS),
      wireBytes: results.reduce((sum, result) => sum + result.throughput.total, 0) / Math.max(1, requests),
      p50: Math.round(median(slices.map((slice) => quantile(steady(slice), 0.5)))),
      p99: Math.max(...slices.map((slice) => Math.round(quantile(steady(slice), 0.99)))),
      firstAnswersP99: Math.round(
        quantile(
          slices.flatMap((slice) => slice.firstAnswers),
          0.99,
        ),
      ),
      failures: results.reduce((sum, result) => sum + result.non2xx + result.errors + result.timeouts, 0),
    };
  };
  return {
    route: summary(pairs.map((pair) => pair.route)),
    bare: summary(pairs.map((pair) => pair.bare)),
    share: median(pairs.map((pair) => pair.route.result.requests.total / Math.max(1, pair.bare.result.requests.total))),
  };
}
