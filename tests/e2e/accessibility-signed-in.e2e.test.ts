import { describe, test } from 'vitest';
import { checkRoute, main, ROUTE_WALK_TIMEOUT_MS, SHARED_ROUTES } from './support/accessibility-routes';
import { expectAccessible } from './support/axe';
import { newShopper, useBrowser } from './support/browser';
import { addToCartFromPage, logIn, openMenu, registerAccount } from './support/shop';

useBrowser();

describe('accessibility (axe: no serious or critical violations), signed in', () => {
  test(
    'signed in: the routes that change, the profile, an open address form, checkout and the session popup',
    async () => {
      const { page } = await newShopper();
      await page.clock.install();
      const account = await registerAccount('axe');
      await logIn(page, account);
      await addToCartFromPage(page, 'Bakır Cezve');
      for (const route of SHARED_ROUTES.filter((shared) => shared.signedInChanges)) await checkRoute(page, route);

      await checkRoute(page, { path: '/profile', ready: (p) => main(p).getByText('No addresses found.') });
      // The password form with its rules, and a new address form with the cascade.
      await main(page).getByRole('button', { name: 'Change Password' }).click();
      await main(page).getByLabel('New Password').fill('abc');
      await main(page).getByRole('button', { name: 'Add New Address' }).click();
      const form = main(page).locator('form.address-form');
      const city = form.getByLabel('City');
      await city.locator('option', { hasText: 'İstanbul' }).waitFor({ state: 'attached' });
      await city.selectOption({ label: 'İstanbul' });
      await form.getByLabel('District').locator('option', { hasText: 'Kadıköy' }).waitFor({ state: 'attached' });
      await expectAccessible(page);

      await checkRoute(page, { path: '/check-out', ready: (p) => main(p).getByRole('button', { name: '+ Add Billing Address' }) });
      await main(page).getByRole('button', { name: '+ Add Billing Address' }).click();
      await page.getByRole('dialog', { name: 'Billing Address' }).getByText('No saved addresses found.').waitFor();
      await expectAccessible(page);
      await page.getByRole('dialog', { name: 'Billing Address' }).getByRole('button', { name: 'Close' }).click();

      // The top menu open, then the session popup over the page.
      await openMenu(page, 'Profile');
      await expectAccessible(page);
      await page.clock.fastForward('13:05');
      await page.getByRole('dialog', { name: 'Your session is about to expire.' }).waitFor();
      await expectAccessible(page);
    },
    ROUTE_WALK_TIMEOUT_MS,
  );
});
