/**
 * `npx tsx scripts/demo-screenshots.ts`: the demo shop as a shopper sees it, at 375, 768, 1366 and
 * 1920 px, into docs/screenshots/ (WebP, the visible part of the page). It runs the production
 * build (`npm run build` first) as `npm start` does, `node dist/.server/main.mjs`, on a free port
 * with a fresh data folder, and looks with Debian's Chromium (CHROMIUM_PATH to override): home,
 * a category list, a product page and a cart of three products. `--png DIR` also keeps the raw
 * PNGs there (to look at them closely); `--out DIR` writes the WebPs elsewhere.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/chromium';
import { freePort } from '../tests/support/free-port';

const root = path.resolve(import.meta.dirname, '..');
/** `--name value` of the command line, resolved as a path. */
const option = (name: string): string | undefined => {
  const at = process.argv.indexOf(name);
  const value = at > 0 ? process.argv[at + 1] : undefined;
  return value ? path.resolve(value) : undefined;
};
const outDir = option('--out') ?? path.join(root, 'docs', 'screenshots');
const pngDir = option('--png');

/** Each width with a screen height such a device has. */
const VIEWPORTS = [
  { width: 375, height: 812, mobile: true },
  { width: 768, height: 1024, mobile: true },
  { width: 1366, height: 768, mobile: false },
  { width: 1920, height: 1080, mobile: false },
] as const;

/** The pictures a shopper sees on the screen that have not loaded yet (a page expression; a carousel's hidden cards do not count). */
const PICTURES_LOADING = `[...document.images]
  .filter((image) => {
    const box = image.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return !image.complete && !image.closest('[aria-hidden="true"]') && hit !== null && (hit === image || hit.contains(image));
  })
  .map((image) => image.currentSrc || image.src)`;

interface ApiProduct {
  _id: string;
  prodName: string;
  prodPrice?: number;
  [key: string]: unknown;
}

async function startShop(): Promise<{ url: string; stop: () => Promise<void> }> {
  const entry = path.join(root, 'dist', '.server', 'main.mjs');
  if (!existsSync(entry)) throw new Error('No production build: run `npm run build` first.');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'demo-screenshots-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    LOG_LEVEL: 'warn',
  };
  // The server's own default (development): production would ask for SMTP.
  delete env.NODE_ENV;
  const child: ChildProcess = spawn(process.execPath, [entry], { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}): ${stderr}`);
    if ((await fetch(`${url}/health/ready`).catch(() => undefined))?.ok) break;
    if (Date.now() > deadline) throw new Error(`The server did not get ready: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function main(): Promise<void> {
  const shop = await startShop();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    const products = (await (
      await fetch(`${shop.url}/api/product`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    ).json()) as ApiProduct[];
    const priced = products.filter((product) => product.prodPrice !== undefined && product.prodPrice !== null);
    const shown = priced[0];
    if (!shown) throw new Error('The demo catalogue has no priced product');
    // The cart as local storage keeps it (SPEC 4, D15): three products, one of them twice.
    const cart = priced.slice(0, 3).map((product, index) => ({ ...product, quantity: index === 0 ? 2 : 1 }));
    const pages = [
      { name: 'home', path: '/', ready: 'Yeni' },
      { name: 'category', path: '/productlist/1', ready: 'Elektronik' },
      { name: 'product', path: `/product/${encodeURIComponent(shown._id)}`, ready: shown.prodName },
      { name: 'cart', path: '/cart', ready: 'Order Summary' },
    ];
    mkdirSync(outDir, { recursive: true });
    if (pngDir) mkdirSync(pngDir, { recursive: true });
    let total = 0;
    for (const viewport of VIEWPORTS) {
      const context = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
        isMobile: viewport.mobile,
        hasTouch: viewport.mobile,
        deviceScaleFactor: 1,
        reducedMotion: 'reduce',
      });
      await context.addInitScript((items) => localStorage.setItem('cartItems', items), JSON.stringify(cart));
      const page = await context.newPage();
      for (const shot of pages) {
        await page.goto(shop.url + shot.path, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { name: shot.ready }).first().waitFor();
        // Every picture the screen shows loaded (a gallery's cropped ones included; a carousel's
        // pictures past its edge load lazily, when paged to), fonts in.
        await page
          .waitForFunction(`${PICTURES_LOADING}.length === 0`)
          .catch(async () => console.log(`${shot.name}-${viewport.width}: still loading`, await page.evaluate(PICTURES_LOADING)));
        await page.evaluate(() => document.fonts.ready);
        await page.waitForTimeout(300);
        const png = await page.screenshot({ type: 'png', animations: 'disabled', caret: 'hide' });
        const file = path.join(outDir, `${shot.name}-${viewport.width}.webp`);
        writeFileSync(file, await sharp(png).webp({ quality: 72, effort: 6 }).toBuffer());
        if (pngDir) writeFileSync(path.join(pngDir, `${shot.name}-${viewport.width}.png`), png);
        total += statSync(file).size;
        console.log(`${path.relative(root, file)}  ${(statSync(file).size / 1024).toFixed(1)} KiB`);
      }
      await context.close();
    }
    console.log(`In all: ${(total / 1024).toFixed(1)} KiB`);
  } finally {
    await browser.close();
    await shop.stop();
  }
}

await main();
