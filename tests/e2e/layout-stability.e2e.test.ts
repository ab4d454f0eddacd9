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
  }
});
