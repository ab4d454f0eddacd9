/** The accessibility walks' routes and checks (tests/e2e/accessibility-*.e2e.test.ts). */
import type { Locator, Page } from 'playwright-core';
import { expectAccessible } from './axe';
import { productId } from './shop';

export interface Route {
  path: string | (() => Promise<string>);
  /** What shows once the page has settled (data loaded), so axe sees the real page. */
  ready: (page: Page) => Locator;
  /**
   * A signed-in shopper sees it otherwise than a guest, beyond the header: the signed-in walk
   * checks it again (the others render the same content for both, and the guests' walk checks them).
   */
  signedInChanges?: true;
}

export const main = (page: Page) => page.getByRole('main');

/** The legal pages of D24: the same for everyone, checked in the guests' walk. */
export const LEGAL_ROUTES: Route[] = [
  { path: '/privacy', ready: (page) => main(page).getByRole('heading', { level: 2, name: /Aydınlatma Metni/ }) },
  { path: '/terms', ready: (page) => main(page).getByText('Mesafeli Satış Sözleşmesi') },
];

/** Every route of SPEC section 2 that renders the same for guests and signed-in shoppers. */
export const SHARED_ROUTES: Route[] = [
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

/** Opens the route, waits until it has settled, and runs axe on it. */
export async function checkRoute(page: Page, route: Route): Promise<void> {
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
export const ROUTE_WALK_TIMEOUT_MS = 120_000;
