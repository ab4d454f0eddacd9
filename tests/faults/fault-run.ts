/**
 * `npm run test:faults` (in `npm test`, D23): the reference server under shopper traffic while its
 * parts fail, as they do in production, on loopback only and in bounded time:
 *
 * 1. the mail server down for a while, then up: every mail owed in that time is delivered, once;
 * 2. PostgreSQL restarted under load (`pg_ctlcluster <version> <cluster> restart`, the machine's own
 *    cluster): only the planned 503s, never a 500 or a hang, and every acknowledged write kept;
 * 3. Redis stopped and started (a redis-server of the run's own): no request fails;
 * 4. a rolling restart (SIGTERM) of two server processes behind a proxy: no request lost.
 *
 * Two server processes (`tsx api/src/main.ts`) share a fresh PostgreSQL database, a Redis of
 * the run's own and an SMTP sink (smtp-server) that counts what arrives by Message-ID. Shoppers
 * (signed-in accounts) browse, search, change their profile (the acknowledged writes) and ask for
 * verification mails (the mails owed), through a small round-robin proxy that tries the other
 * server when one refuses a connection, as a load balancer does.
 *
 * Prints the requests sent, the answers by status, the mails owed and delivered, and exits
 * non-zero on any 5xx but the planned 503s (phase 2 only), a request the proxy could not place,
 * a lost or doubled mail, or a lost acknowledged write. Skipped, with the reason printed, where
 * PostgreSQL, its cluster tools or redis-server are absent.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as wait } from 'node:timers/promises';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { TEST_ENV } from '../../api/src/testing/test-env';
import { table } from '../bench/bench-support';
import { callApi } from '../support/api-call';
import { freePort } from '../support/free-port';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ADMIN_URL = process.env.FAULTS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SHOPPERS = 8;
const PASSWORD = 'Str0ng!Pass';

// -------------------------------------------------------------------------------------------
// What is needed, and why a phase is skipped

function cluster(): { version: string; name: string } | undefined {
  const listed = spawnSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' });
  if (listed.status !== 0) return undefined;
  const port = new URL(ADMIN_URL).port || '5432';
  const line = listed.stdout.split('\n').find((row) => row.split(/\s+/)[2] === port && row.includes('online'));
  const [version, name] = line?.split(/\s+/) ?? [];
  return version && name ? { version, name } : undefined;
}

async function postgresProblem(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return undefined;
  } catch {
    return `PostgreSQL at ${new URL(ADMIN_URL).host} not reachable`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** When the PostgreSQL server started: a restart changes it. */
async function postmasterStart(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ started: Date }>('SELECT pg_postmaster_start_time() AS started');
    return rows[0]?.started.toISOString() ?? '';
  } finally {
    await client.end();
  }
}

// -------------------------------------------------------------------------------------------
// The parts: a database, an SMTP sink, Redis, two servers, a proxy

async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `faults_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const again = new pg.Client({ connectionString: ADMIN_URL });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

/** An SMTP server that can be taken down and brought back on its port, counting mails by Message-ID. */
class SmtpSink {
  readonly received = new Map<string, number>();
  private server: SMTPServer | undefined;
  constructor(readonly port: number) {}

  async up(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, _session, done) => {
        let text = '';
        stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        stream.on('end', () => {
          const id = /^message-id:\s*(\S+)/im.exec(text)?.[1] ?? `(none ${this.received.size})`;
          this.received.set(id, (this.received.get(id) ?? 0) + 1);
          done();
        });
      },
    });
    server.listen(this.port, '127.0.0.1');
    await once(server.server, 'listening');
    this.server = server;
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

class RedisServer {
  private child: ChildProcess | undefined;
  constructor(readonly port: number) {}

  async start(): Promise<void> {
    this.child = spawn('redis-server', ['--port', String(this.port), '--save', '', '--appendonly', 'no', '--bind', '127.0.0.1'], {
      stdio: 'ignore',
    });
    for (let tries = 0; tries < 100; tries += 1) {
      if (spawnSync('redis-cli', ['-p', String(this.port), 'ping'], { encoding: 'utf8' }).stdout.trim() === 'PONG') return;
      await wait(100);
    }
    throw new Error('redis-server did not start');
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }
}

class ServerProcess {
  private child: ChildProcess | undefined;
  output = '';
  readonly url: string;
  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  async start(): Promise<void> {
    const dataDir = mkdtempSync(path.join(tmpdir(), `faults-${this.name}-`));
    this.child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'api/src/main.ts')], {
      cwd: ROOT,
      env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-20_000);
    };
    this.child.stdout?.on('data', keep);
    this.child.stderr?.on('data', keep);
    this.child.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
    const deadline = Date.now() + 60_000;
    while ((await fetch(`${this.url}/health/ready`).catch(() => undefined))?.status !== 200) {
      if (this.child.exitCode !== null || Date.now() > deadline) throw new Error(`${this.name} did not start:\n${this.output}`);
      await wait(200);
    }
  }

  /** SIGTERM, as a rolling restart sends it; resolves once the process has exited, with its code. */
  async stop(): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null) return child?.exitCode ?? null;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const [code] = (await exited) as [number | null];
    return code;
  }
}

/**
 * A load balancer in miniature: it asks each server's readiness every 200 ms, as load balancers
 * do, and sends each request to the next ready server in turn; a server that refuses the
 * connection (stopped) is skipped for the next one. No keep-alive, so a stopped server's refusal
 * is seen at connect time. A request no server would take answers 599.
 */
async function roundRobinProxy(servers: ServerProcess[], port: number): Promise<{ url: string; close: () => Promise<void> }> {
  let next = 0;
  const ready = new Set(servers);
  const probe = setInterval(() => {
    for (const server of servers) {
      fetch(`${server.url}/health/ready`, { signal: AbortSignal.timeout(1000) }).then(
        (answer) => (answer.status === 200 ? ready.add(server) : ready.delete(server)),
        () => ready.delete(server),
      );
    }
  }, 200);
  const pick = (): ServerProcess | undefined => {
    const candidates = servers.filter((server) => ready.has(server));
    const from = candidates.length > 0 ? candidates : servers;
    return from[next++ % from.length];
  };
  const proxy = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const attempt = (tries: number) => {
        const target = pick();
        if (!target) return;
        const upstream = http.request(
          { host: '127.0.0.1', port: target.port, path: request.url, method: request.method, headers: request.headers, agent: false },
          (answer) => {
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(response);
          },
        );
        upstream.on('error', (error: NodeJS.ErrnoException) => {
          if (error.code === 'ECONNREFUSED' && tries < servers.length * 2) {
            ready.delete(target);
            return attempt(tries + 1);
          }
          if (!response.headersSent) response.writeHead(599, { 'content-type': 'text/plain' });
          response.end(`proxy: ${error.code ?? error.message}`);
        });
        upstream.end(body);
      };
      attempt(0);
    });
  });
  // Shoppers keep their connections to it: held open well past fetch's own idle limit, so the
  // proxy never closes one just as a request is sent on it (a harness race, not the shop's).
  proxy.keepAliveTimeout = 60_000;
  proxy.listen(port, '127.0.0.1');
  await once(proxy, 'listening');
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      clearInterval(probe);
      return new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
}

// -------------------------------------------------------------------------------------------
// Shoppers

interface Tally {
  sent: number;
  byStatus: Map<number, number>;
  /** Answers no phase allows. */
  unexpected: string[];
  /** Verification mails acknowledged (200) by the API: each one is owed. */
  mailsOwed: number;
  /** Profile writes acknowledged (200): the last one per shopper must be what the database holds. */
  lastWritten: Map<string, string>;
}

interface Shopper {
  email: string;
  token: string;
  userId: string;
}

async function signUp(base: string, index: number): Promise<Shopper> {
  const email = `faults-${index}-${randomBytes(3).toString('hex')}@example.com`;
  const registered = await callApi(base, 'POST', '/api/users/register', {
    body: { userName: `Shopper ${index}`, email, password: PASSWORD },
  });
  if (registered.status !== 201 && registered.status !== 200)
    throw new Error(`register: ${registered.status} ${JSON.stringify(registered.json)}`);
  const login = await callApi(base, 'POST', '/api/users/login', { body: { email, password: PASSWORD } });
  const body = login.json as { accessToken?: string; user?: { _id?: string } };
  if (login.status !== 200 || !body.accessToken || !body.user?._id) throw new Error(`login: ${login.status}`);
  return { email, token: body.accessToken, userId: body.user._id };
}

/**
 * Shoppers at work until `until` resolves: each loops over browsing, a search, a profile change
 * and, when `mails` is set, a verification mail. `allowed(status)` says which statuses the phase
 * plans for beyond 2xx.
 */
async function traffic(
  base: string,
  shoppers: Shopper[],
  tally: Tally,
  until: Promise<unknown>,
  options: { mails: boolean; allowed: (status: number) => boolean; phase: string },
): Promise<void> {
  let done = false;
  void until.then(() => {
    done = true;
  });
  const note = (what: string, status: number, detail?: string) => {
    tally.sent += 1;
    tally.byStatus.set(status, (tally.byStatus.get(status) ?? 0) + 1);
    if (status >= 500 && !options.allowed(status))
      tally.unexpected.push(`${options.phase}: ${what} answered ${status}${detail ? ` (${detail})` : ''}`);
  };
  await Promise.all(
    shoppers.map(async (shopper, index) => {
      let round = 0;
      while (!done) {
        round += 1;
        const steps: Array<[string, () => Promise<{ status: number; json: unknown }>]> = [
          ['GET /api/Category', () => callApi(base, 'GET', '/api/Category')],
          [
            'POST /api/product (page)',
            () => callApi(base, 'POST', '/api/product', { body: { allCategoryIds: [1 + (round % 5)], limit: 24, offset: 0 } }),
          ],
          ['POST /api/product (search)', () => callApi(base, 'POST', '/api/product', { body: { q: `fault ${index} ${round}`, limit: 5 } })],
          [
            'PUT /api/users/profile',
            async () => {
              const userName = `Shopper ${index} round ${round}`;
              const answer = await callApi(base, 'PUT', '/api/users/profile', { body: { userName }, token: shopper.token });
              if (answer.status === 200) tally.lastWritten.set(shopper.userId, userName);
              return answer;
            },
          ],
        ];
        if (options.mails) {
          steps.push([
            'POST /api/users/verify-email',
            async () => {
              const answer = await callApi(base, 'POST', '/api/users/verify-email', { body: {}, token: shopper.token });
              if (answer.status === 200) tally.mailsOwed += 1;
              return answer;
            },
          ]);
        }
        for (const [what, step] of steps) {
          if (done) break;
          try {
            const answer = await step();
            note(what, answer.status, answer.status >= 500 ? JSON.stringify(answer.json).slice(0, 120) : undefined);
          } catch (error) {
            tally.sent += 1;
            tally.unexpected.push(`${options.phase}: ${what} failed: ${describeFailure(error)}`);
          }
        }
      }
    }),
  );
}

// -------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const skipped: string[] = [];
  const postgres = await postgresProblem();
  const pgCluster = cluster();
  const redisServer = spawnSync('redis-server', ['--version']).status === 0;
  if (postgres) skipped.push(postgres);
  if (!redisServer) skipped.push('no redis-server on this machine');
  if (skipped.length > 0) {
    console.log(`[test:faults] skipped: ${skipped.join('; ')}`);
    return;
  }

  const database = await freshDatabase();
  const smtp = new SmtpSink(await freePort());
  const redis = new RedisServer(await freePort());
  await smtp.up();
  await redis.start();
  const proxyPort = await freePort();
  const env = {
    ...TEST_ENV,
    NODE_ENV: 'development',
    // Both behind one address, as a cluster is: its tokens name it (iss, aud) and are good on both.
    PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
    LOG_LEVEL: 'warn',
    DATABASE_URL: database.url,
    REDIS_URL: `redis://127.0.0.1:${redis.port}`,
    // A local sink: no TLS (the query says so explicitly, smtp-mailer.ts).
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
    // One secret, so a token from one process is good on the other (a cluster's shared setting).
    JWT_SECRET: randomBytes(32).toString('hex'),
    // The outbox retries soon (production: from 30 s), so the run stays short.
    MAIL_RETRY_BASE_SECONDS: '1',
    // On SIGTERM, serve on while readiness says no, longer than the proxy takes to notice.
    SHUTDOWN_GRACE_SECONDS: '1',
  };
  const servers = [new ServerProcess('a', await freePort(), env), new ServerProcess('b', await freePort(), env)];
  const tally: Tally = { sent: 0, byStatus: new Map(), unexpected: [], mailsOwed: 0, lastWritten: new Map() };
  const phases: string[][] = [['phase', 'what happened', 'seconds']];
  let proxy: Awaited<ReturnType<typeof roundRobinProxy>> | undefined;
  const started = Date.now();
  try {
    // The first server migrates and seeds; the second finds it done.
    await servers[0]?.start();
    await servers[1]?.start();
    proxy = await roundRobinProxy(servers, proxyPort);
    const base = proxy.url;
    const shoppers = await Promise.all(Array.from({ length: SHOPPERS }, (_, index) => signUp(base, index)));
    const only2xx = () => false;

    // 1. The mail server down for 3 s, then up.
    let from = Date.now();
    await smtp.down();
    await traffic(base, shoppers, tally, wait(3000), { mails: true, allowed: only2xx, phase: 'SMTP down' });
    await smtp.up();
    await traffic(base, shoppers, tally, wait(1000), { mails: true, allowed: only2xx, phase: 'SMTP back' });
    phases.push(['1', 'SMTP down 3 s, then up, mails asked for throughout', ((Date.now() - from) / 1000).toFixed(1)]);

    // 2. PostgreSQL restarted under load: 503s are planned, nothing else is.
    from = Date.now();
    if (pgCluster) {
      const startedAt = await postmasterStart(database.url);
      const restart = (async () => {
        await wait(1000);
        const restarted = spawnSync('pg_ctlcluster', [pgCluster.version, pgCluster.name, 'restart'], { encoding: 'utf8' });
        if (restarted.status !== 0) throw new Error(`pg_ctlcluster restart failed: ${restarted.stderr}`);
        await wait(2000);
      })();
      await traffic(base, shoppers, tally, restart, { mails: true, allowed: (status) => status === 503, phase: 'PostgreSQL restart' });
      await restart;
      // Every server ready again by itself.
      for (const server of servers) {
        const deadline = Date.now() + 30_000;
        while ((await fetch(`${server.url}/health/ready`).catch(() => undefined))?.status !== 200) {
          if (Date.now() > deadline) throw new Error(`${server.name} not ready after the restart:\n${server.output}`);
          await wait(200);
        }
      }
      if ((await postmasterStart(database.url)) === startedAt) tally.unexpected.push('PostgreSQL restart: the server was not restarted');
      phases.push(['2', `PostgreSQL ${pgCluster.version}/${pgCluster.name} restarted under load`, ((Date.now() - from) / 1000).toFixed(1)]);
    } else {
      phases.push(['2', 'skipped: no pg_ctlcluster cluster for that PostgreSQL', '-']);
    }

    // 3. Redis stopped for 2 s, then started.
    from = Date.now();
    const redisBlink = (async () => {
      await wait(500);
      await redis.stop();
      await wait(2000);
      await redis.start();
      await wait(500);
    })();
    await traffic(base, shoppers, tally, redisBlink, { mails: false, allowed: only2xx, phase: 'Redis away' });
    phases.push(['3', 'Redis stopped 2 s under load, then started', ((Date.now() - from) / 1000).toFixed(1)]);

    // 4. A rolling restart: each server in turn stopped (SIGTERM) and started again.
    from = Date.now();
    const rolling = (async () => {
      for (const server of servers) {
        await wait(500);
        const code = await server.stop();
        if (code !== 0) tally.unexpected.push(`rolling restart: ${server.name} exited with ${code} on SIGTERM:\n${server.output}`);
        await server.start();
      }
      await wait(500);
    })();
    await traffic(base, shoppers, tally, rolling, { mails: false, allowed: only2xx, phase: 'rolling restart' });
    phases.push(['4', 'SIGTERM and restart of each server in turn under load', ((Date.now() - from) / 1000).toFixed(1)]);

    // Every mail owed delivered, once: the outbox keeps trying while the sink is up.
    const deadline = Date.now() + 60_000;
    while ([...smtp.received.keys()].length < tally.mailsOwed && Date.now() < deadline) await wait(250);
    await wait(1000);
    const delivered = smtp.received.size;
    const doubled = [...smtp.received.values()].filter((count) => count > 1).length;
    if (delivered < tally.mailsOwed) tally.unexpected.push(`mail: ${tally.mailsOwed - delivered} of ${tally.mailsOwed} owed never arrived`);
    if (delivered > tally.mailsOwed) tally.unexpected.push(`mail: ${delivered - tally.mailsOwed} arrived that no request acknowledged`);
    if (doubled > 0) tally.unexpected.push(`mail: ${doubled} arrived more than once`);

    // Every acknowledged write is what the database holds.
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    let lostWrites = 0;
    for (const [userId, userName] of tally.lastWritten) {
      const { rows } = await db.query<{ user_name: string }>('SELECT user_name FROM users WHERE id = $1', [userId]);
      if (rows[0]?.user_name !== userName) lostWrites += 1;
    }
    await db.end();
    if (lostWrites > 0) tally.unexpected.push(`writes: ${lostWrites} acknowledged profile changes not in the database`);

    console.log(
      `[test:faults] ${((Date.now() - started) / 1000).toFixed(0)} s, two servers on PostgreSQL, Redis and SMTP of the run's own`,
    );
    console.log(table(phases));
    const statuses = [...tally.byStatus].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`);
    console.log(
      table([
        ['requests sent', 'answers by status', 'mails owed', 'mails delivered', 'mails doubled', 'acknowledged writes checked', 'lost'],
        [
          String(tally.sent),
          statuses.join(', '),
          String(tally.mailsOwed),
          String(delivered),
          String(doubled),
          String(tally.lastWritten.size),
          String(lostWrites),
        ],
      ]),
    );
  } finally {
    await proxy?.close();
    for (const server of servers) await server.stop().catch(() => undefined);
    await redis.stop();
    await smtp.down();
    await database.drop().catch((error: unknown) => console.warn('[test:faults] could not drop the database:', error));
  }
  if (tally.unexpected.length > 0) {
    const shown = tally.unexpected.slice(0, 20);
    console.error(`[test:faults] FAILED (${tally.unexpected.length}):\n  ${shown.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log('[test:faults] passed: no unplanned 5xx, no lost request, no lost or doubled mail, no lost write');
  }
}

/** An error with what lies under it (fetch's 'fetch failed' hides the socket's code in its cause). */
function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as (Error & { code?: string }) | undefined;
  return cause ? `${error.message} (${cause.code ?? cause.message})` : error.message;
}

main().catch((error: unknown) => {
  console.error('[test:faults] the run failed:', error);
  process.exitCode = 1;
});
