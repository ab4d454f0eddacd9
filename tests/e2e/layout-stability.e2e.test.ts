import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DESKTOP, newShopper, PHONE, useBrowser } from './support/browser';
import { productId } from './support/shop';

useBrowser();

/** Issue goal: no page moves under the shopper's eyes (Lighthouse's CLS ≤ 0.02 on every route). */
const MAX_SHIFT = 0.02;

/**
 * Loopback answers before the first paint, which would hide every loading state; a phone on a
 * slow network sees them. Answers and pictures are held back, so each screen paints its loading
 * state first and its content after, as it would there.
 */
async function slowNetwork(page: Page): Promise<void> {
  await page.route('**/*', async (route) => {
    const kind = route.request().resourceType();
    if (kind === 'fetch' || kind === 'xhr' || kind === 'image') await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
}

/** Sums every layout shift not caused by input, from the first paint on. */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = window as unknown as { layoutShift: number };
    record.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) record.layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Every picture in the first screen has loaded (cards a carousel hides do not count). */
async function firstScreenPainted(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const inView = [...document.images].filter(
      (image) => image.getBoundingClientRect().top < window.innerHeight && !image.closest('[aria-hidden="true"]'),
    );
    return inView.length > 0 && inView.every((image) => image.complete && image.naturalWidth > 0);
  });
}

async function shiftWhileLoading(viewport: { width: number; height: number }, pathname: string, loaded: (page: Page) => Promise<void>) {
  const { page } = await newShopper({ viewport });
  await recordShifts(page);
  await slowNetwork(page);
  await page.goto(pathname);
  await loaded(page);
  await firstScreenPainted(page);
  return page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
}

describe('layout stability: content arriving moves nothing already on screen', () => {
  for (const [device, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    test(`home, ${device}`, async () => {
      const shift = await shiftWhileLoading(viewport, '/', async (page) => {
        await page.getByRole('region', { name: 'İndirimli', exact: true }).getByRole('article').first().waitFor();
      });
      expect(shift).toBeLessThanOrEqual(MAX_SHIFT);
    });

    test(`product list, ${device}`, async () => {
      const shift = await shiftWhileLoading(viewport, '/productlist/1', async (page) => {
        await page.getByRole('heading', { level: 1, name: 'Elektronik' }).waitFor();
        await page.locator('.product-list__grid li').first().waitFor();
      });
      expect(shift).toBeLessThanOrEqual(MAX_SHIFT);
    });

    test(`product page, ${device}`, async () => {
      const id = await productId('4 Kişilik Kamp Çadırı');
      const shift = await shiftWhileLoading(viewport, `/product/${id}`, async (page) => {
        await page.getByRole('group', { name: 'Product images' }).waitFor();
      });
      expect(shift).toBeLessThanOrEqual(MAX_SHIFT);
    });

    test(`product page with recently viewed products stored, ${device}: the server's page keeps their row's room`, async () => {
      const [id, earlier] = await Promise.all([productId('4 Kişilik Kamp Çadırı'), productId('Ultrabook 14 inç')]);
      const { page } = await newShopper({ viewport });
      await page.addInitScript(
        (stored) => {
          localStorage.setItem('recentlyViewed', stored);
          // The suggestions' height as the server's page shows them, frame by frame, until the shop's own row takes the room.
          const measure = () => {
            const box =
              document.querySelector('.recently-viewed--early') && document.querySelector('.product-suggestions')?.getBoundingClientRect();
            if (box) (window as unknown as { early: number | undefined }).early = box.height;
            if (box || document.readyState === 'loading') requestAnimationFrame(measure);
          };
          requestAnimationFrame(measure);
        },
        JSON.stringify([{ id: earlier, name: 'Ultrabook 14 inç', price: 32999.9 }]),
      );
      await recordShifts(page);
      await slowNetwork(page);
      // The shop's scripts come late: the server's page is laid out before the browser shows what it stored.
      await page.route('**/*.js', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        await route.fallback();
      });
      await page.goto(`/product/${id}`);
      await page.getByRole('region', { name: 'Recently Viewed' }).getByRole('article').first().waitFor();
      await page.getByRole('region', { name: 'Related Products' }).getByRole('article').first().waitFor();
      const [early, filled] = await page.evaluate(() => [
        (window as unknown as { early: number | undefined }).early,
        document.querySelector('.product-suggestions')?.getBoundingClientRect().height,
      ]);
      expect(early).toBeGreaterThan(0);
      expect(filled).toBe(early);
      await firstScreenPainted(page);
      expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)).toBeLessThanOrEqual(MAX_SHIFT);
    });
  }
});
