import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type RouteOptions } from 'fastify';
import { sendApiError } from '../http/api-errors';
import { createUserEvents } from '../realtime/user-events';
import { authentication } from './authentication';
import { coreServices } from '../plugins/core-services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestServer } from '../testing/test-server';

/** A value that fits any path parameter of the API (routes answer 401 before they look at it). */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, 'x').replace('*', 'x');

describe('auth by default', () => {
  let s: TestServer;
  const routes: RouteOptions[] = [];
  beforeAll(async () => {
    const staticDir = mkdtempSync(path.join(tmpdir(), 'auth-static-'));
    writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    s = await build({ env: { STATIC_DIR: staticDir }, onRoute: (route) => routes.push(route) });
  });
  afterAll(async () => {
    await s.close();
  });

  it('answers 401 on every route not marked public when no bearer is sent', async () => {
    const guarded = routes.filter((route) => route.config?.public !== true);
    expect(guarded.map((route) => `${[route.method].flat().join(',')} ${route.url}`).sort()).toEqual([
      'GET /api/orders',
      'GET /api/orders/:id',
      'GET /api/users/data-export',
      'GET /api/users/profile',
      'GET /api/users/sessions',
      'HEAD /api/orders',
      'HEAD /api/orders/:id',
      'HEAD /api/users/data-export',
      'HEAD /api/users/profile',
      'HEAD /api/users/sessions',
      'POST /api/orders',
      'POST /api/orders/:id/cancel',
      'POST /api/orders/contract',
      'POST /api/users/delete-account',
      'POST /api/users/delete-address',
      'POST /api/users/sessions/:id/end',
      'POST /api/users/sessions/end-others',
      'POST /api/users/verify-email',
      'PUT /api/users/consents',
      'PUT /api/users/profile',
      'PUT /api/users/update-address',
    ]);
    for (const route of guarded) {
      for (const method of [route.method].flat()) {
        const response = await s.request({
          method,
          url: concrete(route.url),
          payload: method === 'GET' || method === 'HEAD' ? undefined : {},
        });
        expect(response.statusCode, `${method} ${route.url}`).toBe(401);
        if (method !== 'HEAD') expect(response.json()).toMatchObject({ success: false, message: expect.any(String) });
      }
    }
  });

  it('answers public routes without a bearer (never 401 for a missing session)', async () => {
    const open = routes.filter((route) => route.config?.public === true && !route.url.includes(':') && !route.url.includes('*'));
    for (const route of open) {
      for (const method of [route.method].flat()) {
        if (method !== 'GET') continue;
        const response = await s.request({ method: 'GET', url: route.url });
        // refresh and logout check their own bearer (a refresh token is accepted there).
        if (['/api/users/refresh', '/api/users/logout'].includes(route.url)) continue;
        expect(response.statusCode, `GET ${route.url}`).toBe(200);
      }
    }
  });

  it('checks the bearer before the body: no session, no validation answer', async () => {
    const response = await s.request({ method: 'PUT', url: '/api/users/profile', payload: { userName: 42 } });
    expect(response.statusCode).toBe(401);
  });

  it('a public route that reads request.session by mistake answers 401, not a crash', async () => {
    const app = Fastify();
    app.setErrorHandler(sendApiError);
    await app.register(coreServices, {
      config: s.config,
      db: s.testDb.db,
      clock: s.clock,
      mailer: s.app.mailer,
      events: createUserEvents(),
    });
    await app.register(authentication);
    app.get('/probe', { config: { public: true } }, async (request) => ({ userId: request.session.userId }));
    const response = await app.inject({ method: 'GET', url: '/probe' });
    await app.close();
    expect([response.statusCode, response.json()]).toEqual([
      401,
      { success: false, message: 'Unauthorized: invalid or expired access token.' },
    ]);
  });
});
