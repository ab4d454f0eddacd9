import { describe, test } from 'vitest';
import { checkRoute, SHARED_ROUTES } from './support/accessibility-routes';
import { expectAccessible } from './support/axe';
import { newShopper, PHONE, useBrowser } from './support/browser';
import { addToCartFromPage } from './support/shop';

useBrowser();

describe('accessibility (axe: no serious or critical violations), phone', () => {
  test('phone layout: home, drawer, product and cart', async () => {
    const { page } = await newShopper({ viewport: PHONE });
    await addToCartFromPage(page, 'Bakır Cezve');
    await checkRoute(page, SHARED_ROUTES[0]!);
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await page.getByRole('complementary', { name: 'Shop menu' }).waitFor();
    await expectAccessible(page);
    await checkRoute(
      page,
      SHARED_ROUTES.find((route) => typeof route.path !== 'string')!,
    );
    await checkRoute(
      page,
      SHARED_ROUTES.find((route) => route.path === '/cart')!,
    );
  });
});
