/**
 * D23: what a client sees while a part is away. The database: 503 with Retry-After in SPEC's
 * error shape, readiness not ready, and everything back by itself; the process stopping:
 * readiness not ready; Redis: the server starts, serves and rejoins without it.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { Writable } from 'node:stream';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../tests/support/free-port';
import { isDatabaseUnavailable, UNAVAILABLE_MESSAGE } from './db/unavailable';
import { build, type TestServer } from './testing/test-server';

/** An error as pg gives it for a connection PostgreSQL ended (a restart), or could not open. */
const dropped = () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('isDatabaseUnavailable', () => {
  it('knows a database that is away from a request or code that is wrong', () => {
    expect(isDatabaseUnavailable(dropped())).toBe(true);
    expect(isDatabaseUnavailable(refused())).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('connection failure'), { code: '08006' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key value'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});

describe('the database away', () => {
  let server: TestServer;
  let away = false;
  beforeAll(async () => {
    server = await build({ seed: true });
    const { db } = server.app;
    const query = db.query.bind(db);
    const transaction = db.transaction.bind(db);
    // The app's own database, cut and restored at will: each call fails as pg fails while PostgreSQL restarts.
    db.query = (sql: string, params?: readonly unknown[]) => (away ? Promise.reject(dropped()) : query(sql, params));
    db.transaction = ((work: Parameters<typeof db.transaction>[0]) =>
      away ? Promise.reject(refused()) : transaction(work)) as typeof db.transaction;
  });
  afterAll(async () => {
    away = false;
    await server.close();
  });

  it('answers 503 with Retry-After in SPEC error shape, readiness says not ready; all is back by itself', async () => {
    const session = await server.signIn('blink@example.com');
    const profile = { method: 'GET', url: '/api/users/profile', headers: { authorization: `Bearer ${session.accessToken}` } } as const;
    expect((await server.request(profile)).statusCode).toBe(200);
    expect((await server.request({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);

    away = true;
    for (const request of [
      profile,
      { method: 'POST', url: '/api/users/login', payload: { email: 'blink@example.com', password: 'Str0ng!Pass' } },
      { method: 'POST', url: '/api/product', payload: { q: 'never asked before', limit: 3 } },
    ] as const) {
      const answer = await server.request(request);
      expect(answer.statusCode, request.url).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.json()).toEqual({ success: false, message: UNAVAILABLE_MESSAGE });
    }
    const ready = await server.request({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe('5');
    expect(ready.json()).toEqual({ success: false, message: 'Not ready: the database is unreachable.' });
    // Alive all along: a load balancer keeps the process, and stops sending it requests.
    expect((await server.request({ method: 'GET', url: '/health/live' })).json()).toEqual({ success: true, status: 'live' });

    away = false;
    expect((await server.request(profile)).statusCode).toBe(200);
    expect((await server.request({ method: 'GET', url: '/health/ready' })).json()).toEqual({ success: true, status: 'ready' });
  });

  it('readiness says not ready once the process is stopping', async () => {
    server.app.startDraining();
    const ready = await server.request({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ success: false, message: 'Not ready: the server is stopping.' });
  });
});

/** A Redis of the test's own on a free port, which the test stops and starts. */
const REDIS_SERVER = spawnSync('redis-server', ['--version']).status === 0;
if (!REDIS_SERVER) console.warn('[resilience] Redis away: skipped, no redis-server on this machine');

describe.skipIf(!REDIS_SERVER)('Redis away', () => {
  let port: number;
  let redis: ChildProcess | undefined;
  let server: TestServer;
  const lines: string[] = [];

  async function startRedis(): Promise<void> {
    redis = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await expect
      .poll(
        () =>
          spawnSync('redis-cli', ['-p', String(port), 'ping'])
            .stdout?.toString()
            .trim(),
        { timeout: 10_000 },
      )
      .toBe('PONG');
  }
  async function stopRedis(): Promise<void> {
    const exited = new Promise((resolve) => redis?.once('exit', resolve));
    redis?.kill('SIGKILL');
    await exited;
  }

  beforeAll(async () => {
    port = await freePort();
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    // Redis is not there when the server starts.
    server = await build({
      seed: true,
      listen: true,
      clock: 'system',
      logStream,
      env: { REDIS_URL: `redis://127.0.0.1:${port}`, LOG_LEVEL: 'info' },
    });
  });
  afterAll(async () => {
    await server.close();
    if (redis && redis.exitCode === null) await stopRedis();
  });

  it('starts and serves without it (sockets too), says so once, and rejoins when it comes and goes', async () => {
    expect((await fetch(`${server.url}/api/Category`)).status).toBe(200);
    const { accessToken } = await server.signIn('redis-away@example.com');
    const socket = connect(server.url, { auth: { token: accessToken }, transports: ['websocket'], reconnection: false, forceNew: true });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.on('connect', resolve);
        socket.on('connect_error', reject);
      });
      // What happens in this process reaches this process's sockets: an address change publishes nothing to fail.
      const verified = new Promise<boolean>((resolve) => socket.on('emailVerified', resolve));
      server.app.events.emailVerified((await server.signIn('redis-away@example.com')).user._id);
      await expect(verified).resolves.toBe(true);
    } finally {
      socket.close();
    }
    const warnings = () => lines.filter((line) => line.includes('unreachable')).length;
    // One warning per client (publisher, subscriber), however many tries fail.
    expect(warnings()).toBe(2);

    await startRedis();
    await expect
      .poll(() => lines.filter((line) => line.includes('is back: real-time events span every process')).length, { timeout: 15_000 })
      .toBe(2);
    await stopRedis();
    await expect.poll(warnings, { timeout: 15_000 }).toBe(4);
    // Away again: every request still answers.
    const login = await fetch(`${server.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'redis-away@example.com', password: 'Str0ng!Pass' }),
    });
    expect(login.status).toBe(200);
    await startRedis();
    await expect
      .poll(() => lines.filter((line) => line.includes('is back: real-time events span every process')).length, { timeout: 15_000 })
      .toBe(4);
  });
});
