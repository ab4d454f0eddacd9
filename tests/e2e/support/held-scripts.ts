import type { Page } from 'playwright-core';

/**
 * Holds the shop's scripts (not the page's inline first-paint script, D20) until `release`: a tap
 * made meanwhile surely comes before the shop is live.
 */
export async function holdShopScripts(page: Page): Promise<{ release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}
