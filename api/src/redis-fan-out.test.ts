/**
 * Two real server processes sharing PostgreSQL and Redis (D12): what one process does reaches a
 * socket held by the other, through the socket.io redis adapter. Skipped, with the reason
 * printed, when Redis or PostgreSQL is not reachable (TEST_REDIS_URL, TEST_DATABASE_URL).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createClient } from 'redis';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMailsTo } from './mail/outbox-mailer';
import { openTestDb, type TestDb } from './testing/test-db';
import { overHttp } from './testing/over-http';
import { TEST_ENV } from './testing/test-env';

const ROOT = path.resolve(import.meta.dirname, '../..');
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PASSWORD = 'Str0ng!Pass';

async function unavailable(): Promise<string | null> {
  const problems: string[] = [];
  const redis = createClient({ url: REDIS_URL, socket: { connectTimeout: 1000, reconnectStrategy: false } });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch {
    problems.push(`Redis at ${REDIS_URL}`);
  } finally {
    await redis.close().catch(() => undefined);
  }
  const client = new pg.Client({ connectionString: DATABASE_URL, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
  } catch {
    problems.push(`PostgreSQL at ${new URL(DATABASE_URL).host}`);
  } finally {
    await client.end().catch(() => undefined);
  }
  return problems.length > 0 ? `${problems.join(' and ')} not reachable` : null;
}

const skipReason = await unavailable();
if (skipReason) console.warn(`[redis-fan-out] skipped: ${skipReason}`);

interface Process {
  child: ChildProcess;
  url: string;
  outbox: string;
}

let testDb: TestDb;
const jwtSecret = randomBytes(48).toString('base64url');
const dirs: string[] = [];
const processes: Process[] = [];
const sockets: Socket[] = [];

/** `node --import tsx api/src/main.ts` on a free port; resolves with the URL it logs. */
function startProcess(): Promise<Process> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fan-out-'));
  dirs.push(dataDir);
  const outbox = path.join(dataDir, 'outbox');
  const databaseUrl = new URL(DATABASE_URL);
  databaseUrl.searchParams.set('options', `-c search_path=${testDb.schema}`);
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      MAIL_OUTBOX_DIR: outbox,
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL,
      JWT_SECRET: jwtSecret,
      STATIC_DIR: path.join(dataDir, 'no-spa'),
      LOG_LEVEL: 'info',
      ...TEST_ENV,
    },
  });
  processes.push({ child, url: '', outbox });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /API ready at (http:\/\/[^\s",]+)/.exec(output);
      if (ready) {
        child.stdout?.off('data', onData);
        const started = { child, url: ready[1]!, outbox };
        processes[processes.findIndex((p) => p.child === child)] = started;
        resolve(started);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before it was ready:\n${output}`)));
  });
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** The first links of the mails to `to` in the processes' outboxes: either process's worker may send a mail (D23). */
async function mailsTo(outboxes: string[], to: string): Promise<string[]> {
  const mails = (await Promise.all(outboxes.map((outbox) => outboxMailsTo(outbox, to)))).flat();
  return mails.flatMap(({ mail }) => mail.links.slice(0, 1));
}

async function mailedToken(outboxes: string[], to: string): Promise<string | undefined> {
  const link = (await mailsTo(outboxes, to))[0];
  return link?.slice(link.lastIndexOf('/') + 1);
}

describe.skipIf(skipReason !== null)('two server processes sharing PostgreSQL and Redis', () => {
  let a: Process;
  let b: Process;
  const onA = overHttp(() => a);

  beforeAll(async () => {
    // An empty schema of its own (the harness's test database), dropped again on close.
    testDb = await openTestDb(DATABASE_URL, 'empty');
    // One after the other: the first one migrates and seeds the shared schema.
    a = await startProcess();
    b = await startProcess();
  });

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all(processes.map((p) => stopProcess(p.child)));
    await testDb?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  async function signIn(email: string): Promise<{ accessToken: string }> {
    expect((await onA('POST', '/api/users/register', { userName: 'u', email, password: PASSWORD })).status).toBe(201);
    return (await onA('POST', '/api/users/login', { email, password: PASSWORD })).body as { accessToken: string };
  }

  async function socketOnB(accessToken: string): Promise<Socket> {
    const socket = connect(b.url, { auth: { token: accessToken }, transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return socket;
  }

  it('a verification done through process A reaches the socket connected to process B', async () => {
    const email = `fan-out-${randomBytes(4).toString('hex')}@example.com`;
    const session = await signIn(email);
    const socket = await socketOnB(session.accessToken);
    const verified = new Promise((resolve) => socket.once('emailVerified', resolve));

    expect((await onA('POST', '/api/users/verify-email', {}, session.accessToken)).status).toBe(200);
    // The mail goes out through whichever process's outbox worker claims it first, and only once.
    const outboxes = [a.outbox, b.outbox];
    await expect.poll(() => mailedToken(outboxes, email), { timeout: 5000 }).toBeDefined();
    expect((await onA('POST', `/api/users/email-verification/${await mailedToken(outboxes, email)}`, {})).status).toBe(200);

    expect(await verified).toBe(true);
    expect(await mailsTo(outboxes, email)).toHaveLength(1);
  });

  it("a logout through process A disconnects the session's socket on process B", async () => {
    const session = await signIn(`fan-out-logout-${randomBytes(4).toString('hex')}@example.com`);
    const socket = await socketOnB(session.accessToken);
    const dropped = new Promise((resolve) => socket.once('disconnect', resolve));
    expect((await onA('GET', '/api/users/logout', undefined, session.accessToken)).status).toBe(200);
    expect(await dropped).toBe('io server disconnect');
  });
});
