/**
 * `npm run bench`, the first paint as a shopper's phone feels it (issue 26, D20), against the
 * production build served by api/src/main.ts on PGlite:
 *
 * - per route on the phone profile (tests/support/phone-profile.ts): the first paint, the moment
 *   the shop is live (`data-shop="ready"`), and taps made from the moment the route's control
 *   shows on the painted page until after it is live: how many took effect, and the worst answer
 *   time of a tap (the browser's Event Timing: from the touch to the next frame painted after it
 *   was handled), and the longest animation frame after the first paint (Long Animation Frames: a
 *   tap made at any moment waits at most that long before the page can handle it);
 * - Lighthouse on `/cart` with a stored cart of three lines (the cart is written into the browser's
 *   storage first, and Lighthouse is told to keep it).
 *
 * Figures are printed, never asserted in `npm test` (docs/performance.md).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { freePort } from '../support/free-port';
import { CHROMIUM_ARGS } from '../support/chromium';
import { phoneContext, storedCart, throttleLikeAPhone } from '../support/phone-profile';
import { productionBuild } from '../support/production-build';
import { median, type Running, startProcess, table } from './bench-support';
import { CHROMIUM, lighthouseOnce, type PageReport } from './lighthouse-run';

const RUNS = Number(process.env.BENCH_FIRST_PAINT_RUNS ?? 3);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** Time between two taps: 250 ms on average, drawn from 150–350 ms so that the runs' taps fall at different moments of the page's start. */
const TAP_EVERY_MS = { least: 150, most: 350 };
/** Taps go on this long after the shop is live. */
const TAPS_AFTER_LIVE_MS = 750;

interface Product {
  _id: string;
  prodName: string;
  prodPrice?: number;
  prodImg1?: string;
}

/** A route, the control a shopper taps there, and whether every tap took effect. */
interface Probe {
  name: string;
  path: string;
  cart?: number;
  control(page: Page): Locator;
  /** Whether `taps` taps all took effect. */
  allTaken(page: Page, taps: number): Promise<boolean>;
}

interface Run {
  firstPaint: number;
  live: number;
  taps: number;
  taken: boolean;
  /** The first tap's answer time (ms); 0 when the browser saw nothing to measure (under 16 ms). */
  firstTap: number;
  worstTap: number;
  /** The longest animation frame that began after the first paint (ms; 0 when none reached 50 ms): a tap made during it waits for its end. */
  longestFrame: number;
}

/** What the page records from its start: when it went live, and how long each tap took to be answered. */
function recordInPage(): void {
  const record = {
    live: -1,
    clicks: [] as Array<{ start: number; duration: number }>,
    frames: [] as Array<{ start: number; duration: number }>,
  };
  (window as unknown as { firstPaintBench: typeof record }).firstPaintBench = record;
  new MutationObserver(() => {
    if (record.live < 0 && document.documentElement.dataset.shop === 'ready') record.live = performance.now();
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-shop'] });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === 'click') record.clicks.push({ start: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
  // Long Animation Frames (50 ms and more): the moments a tap would wait, whether or not one was made then.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) record.frames.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'long-animation-frame', buffered: true });
}

const drawerToggle = (page: Page) => page.getByRole('button', { name: 'Toggle menu' });
const drawerFollowed = async (page: Page, taps: number) =>
  (await drawerToggle(page).getAttribute('aria-expanded')) === String(taps % 2 === 1);

async function measure(browser: Browser, server: Running, probe: Probe, products: Product[]): Promise<Run> {
  const context = await phoneContext(browser, server.url);
  try {
    const page = await context.newPage();
    if (probe.cart) {
      const lines = storedCart(probe.cart, products);
      await page.addInitScript((cart) => window.localStorage.setItem('cartItems', cart), JSON.stringify(lines));
    }
    await page.addInitScript(recordInPage);
    await throttleLikeAPhone(page);
    await page.goto(probe.path, { waitUntil: 'commit' });
    const control = probe.control(page);
    await control.waitFor({ state: 'visible', timeout: 30_000 });
    // A shopper taps what is on screen: the first tap comes once the page has painted. (Before it,
    // the control is in the document but not drawn, and not where it will be once the stylesheet
    // applies: a touch there hits the bare page, which no shopper can do.)
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, {
      polling: 'raf',
      timeout: 30_000,
    });
    let taps = 0;
    let liveAt = Number.POSITIVE_INFINITY;
    const deadline = Date.now() + 30_000;
    while (Date.now() < Math.min(liveAt + TAPS_AFTER_LIVE_MS, deadline)) {
      const box = await control.boundingBox();
      if (box) {
        await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
        taps += 1;
      }
      const pause = TAP_EVERY_MS.least + Math.random() * (TAP_EVERY_MS.most - TAP_EVERY_MS.least);
      await new Promise((resolve) => setTimeout(resolve, pause));
      if (liveAt === Number.POSITIVE_INFINITY && (await page.evaluate(() => document.documentElement.dataset.shop === 'ready')))
        liveAt = Date.now();
    }
    // Every tap has had its chance (a replayed one is answered right after the shop is live).
    await page.waitForTimeout(500);
    const recorded = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
      type Timed = Array<{ start: number; duration: number }>;
      const { live, clicks, frames } = (window as unknown as { firstPaintBench: { live: number; clicks: Timed; frames: Timed } })
        .firstPaintBench;
      return { paint, live, clicks, frames };
    });
    const durations = recorded.clicks.sort((a, b) => a.start - b.start).map((click) => click.duration);
    return {
      firstPaint: recorded.paint,
      live: recorded.live,
      taps,
      taken: await probe.allTaken(page, taps),
      firstTap: durations[0] ?? 0,
      worstTap: Math.max(0, ...durations),
      longestFrame: Math.max(0, ...recorded.frames.filter((frame) => frame.start >= recorded.paint).map((frame) => frame.duration)),
    };
  } finally {
    await context.close();
  }
}

/** Lighthouse on /cart with three stored lines: a browser of our own holds them, Lighthouse drives it. */
async function lighthouseStoredCart(server: Running, products: Product[]): Promise<PageReport[]> {
  const port = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'first-paint-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    const page = await context.newPage();
    await page.goto(`${server.url}/about`);
    await page.evaluate((cart) => window.localStorage.setItem('cartItems', cart), JSON.stringify(storedCart(3, products)));
    await page.close();
    const runs: PageReport[] = [];
    for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) runs.push(await lighthouseOnce(`${server.url}/cart`, { port }));
    return runs;
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

const ms = (value: number) => (Number.isFinite(value) && value >= 0 ? `${Math.round(value)} ms` : 'never');

async function main(): Promise<void> {
  const buildDir = productionBuild('bench-builds', Boolean(process.env.BENCH_SKIP_BUILD));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-first-paint-'));
  const server = await startProcess(
    'api/src/main.ts',
    { HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: buildDir, LOG_LEVEL: 'warn' },
    '/api/category',
  );
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const products = (await (
      await fetch(`${server.url}/api/product`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    ).json()) as Product[];
    const categories = (await (await fetch(`${server.url}/api/Category`)).json()) as Array<{
      categoryId: number;
      parentCategoryId: number | null;
    }>;
    const top = categories.find((category) => category.parentCategoryId === null)?.categoryId ?? 1;
    const product = products[0];
    if (!product) throw new Error('The catalogue is empty');
    const probes: Probe[] = [
      {
        name: 'home: Add to Cart on the first card',
        path: '/',
        control: (page) => page.getByRole('region', { name: 'Yeni', exact: true }).getByRole('button', { name: 'Add to Cart' }).first(),
        allTaken: async (page, taps) =>
          (await page.evaluate(() => JSON.parse(localStorage.getItem('cartItems') ?? '[]') as Array<{ quantity: number }>)).reduce(
            (sum, line) => sum + line.quantity,
            0,
          ) === taps,
      },
      { name: 'product list: the menu toggle', path: `/productlist/${top}`, control: drawerToggle, allTaken: drawerFollowed },
      {
        name: 'product: the quantity stepper +',
        path: `/product/${encodeURIComponent(product._id)}`,
        control: (page) => page.getByRole('main').getByRole('button', { name: 'Increase quantity' }),
        allTaken: async (page, taps) => (await page.getByRole('main').locator('output').first().textContent()) === String(1 + taps),
      },
      { name: 'cart (3 stored lines): the menu toggle', path: '/cart', cart: 3, control: drawerToggle, allTaken: drawerFollowed },
    ];
    const rows = [
      [
        'route, control',
        'first paint',
        'live',
        'live - paint',
        'taps taken',
        'first tap answered',
        'worst tap answered',
        'longest frame after the paint',
      ],
    ];
    for (const probe of probes) {
      const runs: Run[] = [];
      for (let run = 0; run < RUNS; run += 1) runs.push(await measure(browser, server, probe, products));
      const of = (pick: (run: Run) => number) => median(runs.map(pick));
      rows.push([
        `${probe.name} (${probe.path.replace(product._id, '{id}')})`,
        ms(of((run) => run.firstPaint)),
        ms(of((run) => run.live)),
        ms(of((run) => run.live - run.firstPaint)),
        runs.map((run) => (run.taken ? `all ${run.taps}` : `NOT all of ${run.taps}`)).join(', '),
        ms(of((run) => run.firstTap)),
        `${ms(of((run) => run.worstTap))} (max ${ms(Math.max(...runs.map((run) => run.worstTap)))})`,
        `${ms(of((run) => run.longestFrame))} (max ${ms(Math.max(...runs.map((run) => run.longestFrame)))})`,
      ]);
    }
    console.log(`\nFirst paint on the phone profile (375 px, touch, CPU 4x slower, 150 ms, 1.6 Mbit/s), median of ${RUNS}:`);
    console.log(table(rows));
    console.log('(A tap answered in under 16 ms is not reported by the browser and counts as 0 ms.)');
    console.log(
      '(The longest frame: the longest Long Animation Frame, 50 ms or more, that began after the first paint; a tap made at any moment waits at most that long for the page. 0 ms when none.)',
    );

    if (LIGHTHOUSE_RUNS > 0) {
      const runs = await lighthouseStoredCart(server, products);
      const of = (pick: (report: PageReport) => number) => median(runs.map(pick));
      console.log(`\nLighthouse on /cart with 3 stored lines (median of ${runs.length}):`);
      console.log(
        table([
          ['performance', 'accessibility', 'best practices', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'performance per run'],
          [
            String(of((r) => r.scores.performance)),
            String(of((r) => r.scores.accessibility)),
            String(of((r) => r.scores['best-practices'])),
            String(of((r) => r.scores.seo)),
            ms(of((r) => r.fcp)),
            ms(of((r) => r.lcp)),
            ms(of((r) => r.tbt)),
            of((r) => r.cls).toFixed(3),
            runs.map((r) => r.scores.performance).join(', '),
          ],
        ]),
      );
    }
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error('The first-paint bench failed:', error);
  process.exitCode = 1;
});
