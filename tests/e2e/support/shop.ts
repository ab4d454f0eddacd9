import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { inject } from 'vitest';
import type { Collection } from '@shop/core/domain/product';

/**
 * Shared steps of the journeys. Texts are SPEC's literals on purpose (never imported from the
 * message catalogue): a changed text in the product must turn a journey red.
 */

/** An alert of the top-centre alert region with exactly this text. */
export function alertWith(page: Page, text: string): Locator {
  return page.getByRole('alert').filter({ hasText: text });
}

/** A fresh address per call, so journeys never share an account. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** Meets every password rule of SPEC section 5. */
export const GOOD_PASSWORD = 'Shopper#Blue24';

export interface Account {
  userName: string;
  email: string;
  password: string;
}

/** A JSON call of the test server's API, as the shop makes it; answers the body, throws on a refusal. */
export async function api(path: string, method: string, body: unknown, bearer?: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${inject('baseUrl')}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** Registers an account straight through the API (for journeys about something else). */
export async function registerAccount(prefix: string, password = GOOD_PASSWORD): Promise<Account> {
  const account = { userName: prefix, email: uniqueEmail(prefix), password };
  const response = await fetch(`${inject('baseUrl')}/api/users/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (response.status !== 201) throw new Error(`register answered ${response.status}: ${await response.text()}`);
  return account;
}

/** The id of a demo product by its name (from the public catalogue call). */
export async function productId(name: string): Promise<string> {
  const response = await fetch(`${inject('baseUrl')}/api/product`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  const products = (await response.json()) as { _id: string; prodName: string }[];
  const product = products.find((candidate) => candidate.prodName === name);
  if (!product) throw new Error(`No product named ${name}`);
  return product._id;
}

/** The names of a home carousel's products, in its order (its collection's call, D3): a carousel holds only the cards near its view. */
export async function collectionNames(collection: Collection): Promise<string[]> {
  const products = (await api('/api/product', 'POST', { collection })) as unknown as { prodName: string }[];
  return products.map((product) => product.prodName);
}

/** Opens a product page and adds it to the cart with its Add to Cart button. */
export async function addToCartFromPage(page: Page, name: string): Promise<void> {
  await page.goto(`/product/${encodeURIComponent(await productId(name))}`);
  const main = page.getByRole('main');
  await main.getByRole('heading', { level: 1, name }).waitFor();
  await productAddToCart(page).click();
  await alertWith(page, 'Product added to cart!').first().waitFor();
}

/** The product page's own Add to Cart (the related and recently viewed products' cards under it have theirs). */
export function productAddToCart(page: Page): Locator {
  return page.locator('.product-page__buy').getByRole('button', { name: 'Add to Cart' });
}

/** The cart badge of the top menu (absent at 0). */
export function cartBadge(page: Page): Locator {
  return page.getByTestId('cart-badge');
}

/** The sidebar's top menu (the drawer is opened first on phones). */
export function topMenu(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main menu' });
}

/** The drawer toggle of phone layouts (hidden on wide screens). */
export function sidebarToggle(page: Page): Locator {
  return page.getByRole('button', { name: 'Toggle menu' });
}

/** On a phone, opens the sidebar drawer (where the top menu lives); on wide screens nothing. */
export async function openDrawer(page: Page): Promise<void> {
  const toggle = sidebarToggle(page);
  // The layout renders the toggle with the main landmark: once main is there, visibility tells the layout.
  await page.getByRole('main').waitFor();
  if (!(await toggle.isVisible())) return;
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await page.getByRole('complementary', { name: 'Shop menu' }).waitFor();
}

/** Opens a top-menu dropdown ('Profile' or 'Cart') by clicking its entry (the drawer first on phones). */
export async function openMenu(page: Page, entry: 'Profile' | 'Cart'): Promise<Locator> {
  await openDrawer(page);
  const button = topMenu(page).getByRole('button', { name: new RegExp(`^${entry}`) });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  // The panel is the button's aria-controls target.
  const panelId = await button.getAttribute('aria-controls');
  return page.locator(`[id="${panelId}"]`);
}

/**
 * Waits for the shop to land on its home page: the URL, then the page itself. The URL changes
 * first and the page before stays on screen until the home page's code is there; the layout
 * closes the phone drawer when the new page shows, so a drawer opened in between closes again.
 */
export async function backHome(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('main').getByRole('region', { name: 'İndirimli', exact: true }).waitFor();
}

/** Waits for the cart page itself after a link to it: the page before (a product page has a stepper too) stays on screen while the cart's code loads. */
export async function cartShown(page: Page): Promise<void> {
  await page.waitForURL('**/cart');
  await page.getByRole('main').getByRole('heading', { name: 'Order Summary' }).waitFor();
}

/** Logs in through the Login tab of /authpopup, as a shopper does, and waits until home shows. */
export async function logIn(page: Page, account: Pick<Account, 'email' | 'password'>): Promise<void> {
  await page.goto('/authpopup');
  const form = page.getByRole('tabpanel');
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password').fill(account.password);
  await form.getByRole('button', { name: 'Login', exact: true }).click();
  await backHome(page);
}

/** Whether the app holds a signed-in session (the Profile menu offers Edit Profile). */
export async function profileMenuItems(page: Page): Promise<string[]> {
  const panel = await openMenu(page, 'Profile');
  const items = await panel.getByRole('link').or(panel.getByRole('button')).allTextContents();
  await page.keyboard.press('Escape');
  // On a phone the drawer closes again, leaving the page as it was.
  const toggle = sidebarToggle(page);
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'true') await toggle.click();
  return items.map((item) => item.trim());
}
