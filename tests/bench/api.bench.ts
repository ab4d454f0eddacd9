import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, bench, describe } from 'vitest';
import { loadConfig } from '../../server/src/config';
import { type RunningServer, startServer } from '../../server/src/start-server';

// The reference server on PGlite, over real HTTP on loopback.
let server: RunningServer;
let dataDir: string;
let productId = '';
let districtId = 0;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-bench-'));
  server = await startServer(
    loadConfig({
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      STATIC_DIR: path.join(dataDir, 'no-shop'),
      LOG_LEVEL: 'silent',
    }),
  );
  const products = (await (await post('/api/product', {})).json()) as Array<{ _id: string }>;
  productId = products[0]!._id;
  const districts = (await (await fetch(`${server.url}/api/address/submunicipalities/34`)).json()) as Array<{
    subMunicipalityId: number;
    subMunicipalityNameInitialCapital: string;
  }>;
  districtId = districts.find((district) => district.subMunicipalityNameInitialCapital === 'Kadıköy')!.subMunicipalityId;
}, 120_000);

afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const post = (pathname: string, body: unknown) =>
  fetch(server.url + pathname, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('API on PGlite', () => {
  bench('POST /api/product {} (whole catalogue)', async () => {
    await (await post('/api/product', {})).arrayBuffer();
  });
  bench('POST /api/product { collection }', async () => {
    await (await post('/api/product', { collection: 'popular' })).arrayBuffer();
  });
  bench('GET /api/product/{id}', async () => {
    await (await fetch(`${server.url}/api/product/${productId}`)).arrayBuffer();
  });
  bench('GET /api/Category', async () => {
    await (await fetch(`${server.url}/api/Category`)).arrayBuffer();
  });
  bench('GET /api/address/neighbours/{id} (Kadıköy)', async () => {
    await (await fetch(`${server.url}/api/address/neighbours/${districtId}`)).arrayBuffer();
  });
});
