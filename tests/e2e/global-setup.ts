import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { build } from '../../api/src/testing/test-server';
import { freePort } from '../support/free-port';
import { productionBuild } from '../support/production-build';
import { seedSearchProducts } from './support/search-seed';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    outboxDir: string;
    /** The production build the journeys are served from (with the built server, as `npm start` runs it). */
    staticDir: string;
  }
}

const root = path.resolve(import.meta.dirname, '../..');

export default async function setup(project: TestProject) {
  // Failure screenshots and traces of this run only.
  rmSync(path.join(root, 'test-results', 'e2e'), { recursive: true, force: true });
  // The server marks the page it serves, so the shop calls the server's own origin whatever its port.
  const staticDir = productionBuild('e2e-builds', Boolean(process.env.E2E_SKIP_BUILD));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // The server's one test harness, listening: what `npm start` serves (startServer, the built shop,
  // socket.io, the dev outbox) on a fresh in-memory database, with the real clock.
  const server = await build({
    listen: true,
    seed: true,
    mail: 'outbox',
    clock: 'system',
    databaseUrl: null,
    env: {
      JWT_SECRET: randomBytes(48).toString('base64url'),
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      STATIC_DIR: staticDir,
      LOG_LEVEL: 'warn',
    },
  });
  // More matches than one page of search results holds (tests/e2e/search.e2e.test.ts).
  await seedSearchProducts(server.testDb.db);
  project.provide('baseUrl', baseUrl);
  project.provide('outboxDir', server.config.mailOutboxDir);
  project.provide('staticDir', staticDir);

  return () => server.close();
}
