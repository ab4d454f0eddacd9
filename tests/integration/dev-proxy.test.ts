import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createServer as createViteServer, type ViteDevServer } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port';

/**
 * `npm run dev`'s proxy (vite.config.ts): Vite forwards the API's paths to the API at its `PORT`,
 * and while nothing answers there the shop gets the API's error shape instead of a bare 502.
 */
const CONFIG = fileURLToPath(new URL('../../vite.config.ts', import.meta.url));

const opened: Array<{ close(): unknown }> = [];
afterEach(async () => {
  for (const closable of opened.splice(0)) await closable.close();
});

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  opened.push({ close: () => new Promise((resolve) => server.close(resolve)) });
  return (server.address() as AddressInfo).port;
}

/** Vite's dev middleware (its proxy included) behind a server of our own, with the config read under `env`. */
async function devServer(env: Record<string, string | undefined>): Promise<number> {
  const saved = { PORT: process.env.PORT, API_PROXY_TARGET: process.env.API_PROXY_TARGET };
  Object.assign(process.env, { PORT: undefined, API_PROXY_TARGET: undefined });
  for (const [name, value] of Object.entries({ ...saved, ...env })) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  let vite: ViteDevServer;
  try {
    vite = await createViteServer({
      configFile: CONFIG,
      logLevel: 'silent',
      server: { middlewareMode: true, hmr: false, ws: false },
    });
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
  opened.push(vite);
  return listen(createHttpServer(vite.middlewares));
}

describe('the dev proxy', () => {
  it('forwards /api to the API at its PORT; API_PROXY_TARGET overrides it', async () => {
    const api = createHttpServer((request, response) => response.end(JSON.stringify({ url: request.url })));
    const apiPort = await listen(api);
    const viaPort = await devServer({ PORT: String(apiPort) });
    expect(await (await fetch(`http://127.0.0.1:${viaPort}/api/categories`)).json()).toEqual({ url: '/api/categories' });
    const viaTarget = await devServer({ PORT: String(await freePort()), API_PROXY_TARGET: `http://127.0.0.1:${apiPort}` });
    expect((await fetch(`http://127.0.0.1:${viaTarget}/images/x.webp`)).status).toBe(200);
  });

  it('answers 503 in the API error shape, naming where the API was expected, while nothing listens there', async () => {
    const apiPort = await freePort();
    const port = await devServer({ PORT: String(apiPort) });
    const answer = await fetch(`http://127.0.0.1:${port}/api/categories`);
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('2');
    expect(await answer.json()).toEqual({
      success: false,
      message: `The API is not running on http://127.0.0.1:${apiPort}. Start it (npm run dev starts it with Vite), or set API_PROXY_TARGET to where it runs.`,
    });
  });
});
