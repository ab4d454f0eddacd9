import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../support/free-port';
import { BUILT_SERVER, SERVER_NODE_FLAGS } from '../support/production-build';

/**
 * `npm start` runs the server built into the shop's build (`dist/.server/main.mjs`), not its
 * TypeScript: this starts that very file, with the same Node settings, on a fresh embedded
 * database, as a newcomer's first `npm start` does, and asks it for a page and the catalogue.
 */
describe('the built server, as npm start runs it', () => {
  const staticDir = inject('staticDir');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'built-server-'));
  let server: ChildProcess;
  let url = '';
  let output = '';

  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(staticDir, BUILT_SERVER)], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        STATIC_DIR: staticDir,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 120_000;
    while ((await fetch(`${url}/api/category`).catch(() => undefined))?.status !== 200) {
      if (server.exitCode !== null || Date.now() > deadline) throw new Error(`the built server did not start: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }, 150_000);

  afterAll(async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrates and seeds its database, serves the catalogue and renders a category page', async () => {
    const categories = (await (await fetch(`${url}/api/category`)).json()) as Array<{ categoryId: number; categoryName: string }>;
    expect(categories.length, output).toBeGreaterThan(10);
    // A name that HTML shows as it is (no character to escape).
    const category = categories.find((candidate) => /^[\p{L} ]+$/u.test(candidate.categoryName))!;
    const page = await fetch(`${url}/productlist/${category.categoryId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(category.categoryName);
    expect(html).toContain('id="shop-answers"');
    expect((await fetch(`${url}/.server/main.mjs`)).status).toBe(404);
  });

  it('tells search engines about the shop: robots.txt names the sitemap, the sitemap the product pages, a product page its canonical link and JSON-LD (D25)', async () => {
    // Without PUBLIC_URL the server's address is http://localhost:PORT (docs/api.md).
    const origin = `http://localhost:${new URL(url).port}`;
    const robots = await (await fetch(`${url}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);
    const index = await (await fetch(`${url}/sitemap.xml`)).text();
    expect(index).toContain(`<loc>${origin}/sitemap/products-1.xml</loc>`);
    const products = await (await fetch(`${url}/sitemap/products-1.xml`)).text();
    const productUrl = /<loc>([^<]*\/product\/[0-9a-f]{24})<\/loc>/.exec(products)?.[1] ?? '';
    const html = await (await fetch(`${url}${new URL(productUrl).pathname}`)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(`<link rel="canonical" href="${productUrl}" />`);
    const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(head)?.[1] ?? 'null';
    expect(JSON.parse(jsonLd)).toMatchObject({ '@type': 'Product', url: productUrl });
  });
});
