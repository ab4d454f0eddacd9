import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Config } from '../../api/src/config';
import type { Db } from '../../api/src/db/types';
import type { TestDb } from '../../api/src/testing/test-db';
import { build, STRONG_PASSWORD, type FakeClock } from '../../api/src/testing/test-server';

export interface HostileRoute {
  method: string;
  /** As registered, e.g. `/api/product/:id`. */
  url: string;
}

export interface HostileTarget {
  app: FastifyInstance;
  db: Db;
  engine: TestDb['engine'];
  config: Config;
  clock: FakeClock;
  /** Every route the app registered, HEAD and OPTIONS included. */
  routes: HostileRoute[];
  email: string;
  /** The signed-in user's current tokens (renewed by `signIn`). */
  session: { accessToken: string; refreshToken: string; userId: string };
  addressId: string;
  signIn(): Promise<void>;
  close(): Promise<void>;
}

const LOTS = '1000000';

/**
 * The real app on a fresh database (PGlite when `databaseUrl` is null, else a fresh schema of it) with the demo
 * catalogue, a static shop folder (so the SPA and file routes exist too), a signed-in user with
 * one address, rate limits out of the way and cheap argon2.
 */
export async function startHostileTarget(databaseUrl: string | null): Promise<HostileTarget> {
  const staticDir = mkdtempSync(path.join(tmpdir(), 'hostile-static-'));
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  mkdirSync(path.join(staticDir, 'assets'));
  writeFileSync(path.join(staticDir, 'assets', 'app.js'), 'console.log(1);');
  const routes: HostileRoute[] = [];
  const onRoute = (route: RouteOptions) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  };
  const server = await build({
    databaseUrl,
    seed: true,
    onRoute,
    env: {
      STATIC_DIR: staticDir,
      // The CORS preflight route exists only with allowed origins: it is attacked too.
      CORS_ORIGINS: 'http://localhost:5173',
      RATE_LIMIT_LOGIN_PER_ACCOUNT: LOTS,
      RATE_LIMIT_LOGIN_PER_CLIENT: LOTS,
      RATE_LIMIT_REGISTER_PER_CLIENT: LOTS,
      RATE_LIMIT_FORGOT_PER_ADDRESS: LOTS,
      RATE_LIMIT_FORGOT_PER_CLIENT: LOTS,
      RATE_LIMIT_VERIFY_MAIL_PER_ADDRESS: LOTS,
      RATE_LIMIT_VERIFY_MAIL_PER_CLIENT: LOTS,
    },
  });
  const { app, testDb, config, clock } = server;

  const email = 'hostile-user@example.com';
  const registered = await app.inject({
    method: 'POST',
    url: '/api/users/register',
    payload: { userName: 'Hostile', email, password: STRONG_PASSWORD },
  });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.statusCode}`);

  const target: HostileTarget = {
    app,
    db: testDb.db,
    engine: testDb.engine,
    config,
    clock,
    routes,
    email,
    session: { accessToken: '', refreshToken: '', userId: '' },
    addressId: '',
    async signIn() {
      const login = await app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password: STRONG_PASSWORD } });
      if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode}`);
      const body = login.json();
      target.session = { accessToken: body.accessToken, refreshToken: body.refreshToken, userId: body.user._id };
    },
    close: () => server.close(),
  };
  await target.signIn();
  const saved = await app.inject({
    method: 'PUT',
    url: '/api/users/update-address',
    headers: { authorization: `Bearer ${target.session.accessToken}` },
    payload: { addressName: 'Home', receiverName: 'Ada', countryName: 'Türkiye' },
  });
  if (saved.statusCode !== 200) throw new Error(`address failed: ${saved.statusCode}`);
  target.addressId = saved.json()._newId;
  return target;
}
