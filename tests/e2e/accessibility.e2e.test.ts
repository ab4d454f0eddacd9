import { describe, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { expectAccessible } from './support/axe';
import { newShopper, PHONE, useBrowser } from './support/browser';
import { addToCartFromPage, logIn, openMenu, productId, registerAccount } from './support/shop';

useBrowser();

interface Route {
  path: string | (() => Promise<string>);
  /** What shows once the page has settled (data loaded), so axe sees the real page. */
  ready: (page: Page) => Locator;
  /**
   * A signed-in shopper sees it otherwise than a guest, beyond the header: the signed-in walk
   * checks it again (the others render the same content for both, and the guests' walk checks them).
   */
  signedInChanges?: true;
}

const main = (page: Page) => page.getByRole('main');

/** Every route of SPEC section 2 that renders the same for guests and signed-in shoppers. */
const SHARED_ROUTES: Route[] = [
  {
    path: '/',
    signedInChanges: true,
    ready: (page) => page.getByRole('region', { name: 'İndirimli', exact: true }).getByRole('article').first(),
  },
  { path: '/authpopup', signedInChanges: true, ready: (page) => page.getByRole('button', { name: 'Forgot Password' }) },
  { path: '/authpopup?tab=signup', ready: (page) => page.getByRole('checkbox', { name: 'I accept the GDPR rules' }) },
  { path: '/reset-password/not-a-real-token', ready: (page) => page.getByRole('heading', { name: 'Reset Password' }) },
  // Unknown tokens: the failure state of the verification pages.
  { path: '/verify-email/not-a-real-token', ready: (page) => main(page).getByRole('alert') },
  { path: '/verify-email-anonymous/not-a-real-token', ready: (page) => main(page).getByRole('alert') },
  { path: '/orders', signedInChanges: true, ready: (page) => main(page).getByRole('heading', { level: 1 }) },
  { path: '/about', ready: (page) => main(page).getByRole('heading', { name: 'About Us' }) },
  { path: '/cart', signedInChanges: true, ready: (page) => main(page).getByRole('heading', { name: 'Order Summary' }) },
  // 24 a page by name (D18): the first page of all products, whatever the catalogue holds.
  { path: '/productlist/', ready: (page) => main(page).getByRole('navigation', { name: 'Product pages' }) },
  { path: '/search?q=caydanlik+isilti&sort=price-asc', ready: (page) => main(page).getByRole('navigation', { name: 'Product pages' }) },
  {
    path: '/search?q=zzqx',
    ready: (page) => main(page).getByRole('navigation', { name: 'Browse categories' }).getByRole('button').first(),
  },
  { path: '/productlist/1', ready: (page) => main(page).getByRole('navigation', { name: 'Product pages' }) },
  {
    path: async () => `/product/${encodeURIComponent(await productId('Ultrabook 14 inç'))}`,
    ready: (page) => main(page).getByRole('group', { name: 'Product images' }).locator('.product-gallery__slide img').first(),
  },
  { path: '/no-such-page', ready: (page) => main(page).getByRole('heading', { level: 1 }) },
];

async function checkRoute(page: Page, route: Route): Promise<void> {
  const path = typeof route.path === 'string' ? route.path : await route.path();
  await page.goto(path);
  await route.ready(page).waitFor();
  // The sidebar's categories are part of every page (inside the closed drawer on phones).
  await page
    .getByRole('navigation', { name: 'Categories', includeHidden: true })
    .getByRole('button', { includeHidden: true })
    .first()
    .waitFor({ state: 'attached' });
  await expectAccessible(page);
}

// A walk over every route with axe on each is long by nature; a loaded machine must not fail it.
const ROUTE_WALK_TIMEOUT_MS = 120_000;

describe('accessibility (axe: no serious or critical violations)', () => {
  test(
    'every route, logged out',
    async () => {
      const { page } = await newShopper();
      await addToCartFromPage(page, 'Bakır Cezve');
      for (const route of SHARED_ROUTES) await checkRoute(page, route);
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
