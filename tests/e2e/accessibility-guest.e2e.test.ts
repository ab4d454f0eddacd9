import { describe, test } from 'vitest';
import { checkRoute, LEGAL_ROUTES, main, ROUTE_WALK_TIMEOUT_MS, SHARED_ROUTES } from './support/accessibility-routes';
import { expectAccessible } from './support/axe';
import { newShopper, useBrowser } from './support/browser';
import { addToCartFromPage } from './support/shop';

useBrowser();

describe('accessibility (axe: no serious or critical violations), logged out', () => {
  test(
    'every route, logged out',
    async () => {
      const { page } = await newShopper();
      await addToCartFromPage(page, 'Bakır Cezve');
      for (const route of [...SHARED_ROUTES, ...LEGAL_ROUTES]) await checkRoute(page, route);
      // The guest checkout modal over the cart, with the guest email field shown.
      await page.goto('/cart');
      await main(page).getByRole('button', { name: 'Proceed to Checkout' }).click();
      const modal = page.getByRole('dialog', { name: 'Sign in to check out' });
      await modal.getByRole('button', { name: 'Continue Without Signing In' }).click();
      await modal.getByLabel('Guest email').waitFor();
      await expectAccessible(page);
    },
    ROUTE_WALK_TIMEOUT_MS,
  );
});
