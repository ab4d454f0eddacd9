import type { Browser, BrowserContext, Page } from 'playwright-core';

/**
 * The phone a shopper holds, as Lighthouse's mobile profile has it: 375 px, touch, the CPU four
 * times slower, 150 ms of latency and 1.6 Mbit/s down (750 kbit/s up). Used by the first-paint
 * journeys (tests/e2e/first-paint.e2e.test.ts) and the first-paint bench.
 */
export const PHONE_PROFILE = {
  viewport: { width: 375, height: 812 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
} as const;

/** A browser context shaped like the phone (size, touch), for `baseUrl`. */
export function phoneContext(browser: Browser, baseUrl: string): Promise<BrowserContext> {
  const { viewport, deviceScaleFactor, isMobile, hasTouch } = PHONE_PROFILE;
  return browser.newContext({ viewport, deviceScaleFactor, isMobile, hasTouch, baseURL: baseUrl });
}

/** Slows `page`'s CPU and network to the phone's (Chromium's own emulation, through CDP). */
export async function throttleLikeAPhone(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_PROFILE.cpuSlowdown });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE_PROFILE.latencyMs,
    downloadThroughput: PHONE_PROFILE.downloadBytesPerSecond,
    uploadThroughput: PHONE_PROFILE.uploadBytesPerSecond,
  });
}

/** `lines` cart lines in SPEC's stored shape (D15), quantities 1, 2, 3, …, for pages that read the cart. */
export function storedCart(
  lines: number,
  products: ReadonlyArray<{ _id: string; prodName: string; prodPrice?: number; prodImg1?: string }>,
) {
  return products.slice(0, lines).map((product, index) => ({ ...product, quantity: index + 1 }));
}
