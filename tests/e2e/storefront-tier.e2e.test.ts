import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { freePort } from '../support/free-port';
import { BUILT_STOREFRONT } from '../support/production-build';
import { newShopper, useBrowser } from './support/browser';
import { cartBadge, productAddToCart, productId } from './support/shop';

useBrowser();

/**
 * The storefront tier as `npm run start:storefront` runs it (D22): the built storefront server
 * (`dist/.storefront/main.mjs`) in front of the reference server on another port, rendering the
 * pages through the API's HTTP and forwarding the browser's calls. A shopper's browser on it:
 * the page renders on the server, hydrates without a problem, and the cart works.
 */
describe('the storefront tier in a browser', () => {
  const staticDir = inject('staticDir');
  let storefront: ChildProcess;
  let url = '';
  let output = '';

  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    storefront = spawn(process.execPath, ['--enable-source-maps', path.join(staticDir, BUILT_STOREFRONT)], {
      env: { ...process.env, API_URL: inject('baseUrl'), PORT: String(port), HOST: '127.0.0.1', STATIC_DIR: staticDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    storefront.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    storefront.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 60_000;
    while ((await fetch(`${url}/about`).catch(() => undefined))?.status !== 200) {
      if (storefront.exitCode !== null || Date.now() > deadline) throw new Error(`the storefront did not start: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 90_000);

  afterAll(async () => {
    if (storefront.exitCode === null) {
      const exited = new Promise((resolve) => storefront.once('exit', resolve));
      storefront.kill('SIGTERM');
      await exited;
    }
  });

  test('a product page rendered by the tier hydrates without a problem; Add to Cart and the cart work through it', async () => {
    const name = 'Akıllı Telefon Pro 256 GB';
    const id = await productId(name);
    const html = await (await fetch(`${url}/product/${id}`)).text();
    expect(html, output).toContain(`<title>${name} | Storefront</title>`);

    const { page } = await newShopper({ baseUrl: url });
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`/product/${id}`);
    await productAddToCart(page).click();
    await expect(cartBadge(page).textContent()).resolves.toBe('1');
    await page.goto('/cart');
    await page.getByRole('main').getByText(name).first().waitFor();
    // A search runs in the browser, through the tier to the API.
    await page.goto('/');
    const search = page.getByRole('search').first().getByRole('searchbox');
    await search.fill('telefon');
    await search.press('Enter');
    await page.waitForURL(/[?&]q=telefon/);
    await page.getByRole('main').getByRole('link', { name }).first().waitFor();
    expect(problems).toEqual([]);
  });
});
