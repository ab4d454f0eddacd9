import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { newShopper, PHONE, useBrowser } from './support/browser';
import {
  collectionNames,
  addToCartFromPage,
  alertWith,
  backHome,
  cartShown,
  GOOD_PASSWORD,
  openDrawer,
  openMenu,
  productAddToCart,
  profileMenuItems,
  registerAccount,
  sidebarToggle,
  uniqueEmail,
} from './support/shop';

useBrowser();

/** The cart link of the phone top bar, whose text ends with the badge count. */
async function topBarCart(page: Page): Promise<string> {
  return ((await page.getByRole('banner').getByRole('link', { name: /Cart/ }).textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

describe('phone (375 px)', () => {
  test('the sidebar is a drawer behind the toggle; categories lead to a product whose gallery stacks above the details', async () => {
    const { page, open } = await newShopper({ viewport: PHONE });
    await open('/');
    const drawer = page.getByRole('complementary', { name: 'Shop menu' });
    const toggle = sidebarToggle(page);
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await drawer.isVisible()).toBe(false);

    await toggle.click();
    await drawer.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await toggle.click();
    await drawer.waitFor({ state: 'hidden' });

    // Home on a phone: whole cards only, still wrapping.
    const yeni = page.getByRole('region', { name: 'Yeni', exact: true });
    const visible = () => yeni.getByRole('article').getByRole('heading', { level: 3 }).allTextContents();
    await expect.poll(async () => (await visible()).length).toBe(1);
    const all = await collectionNames('new');
    await yeni.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(visible).toEqual(all.slice(-1));

    // Categories from the drawer; the drawer closes once the shopper has picked.
    await openDrawer(page);
    await drawer.getByRole('link', { name: 'Ev & Yaşam' }).click();
    await page.waitForURL('**/productlist/2');
    await drawer.waitFor({ state: 'hidden' });
    const main = page.getByRole('main');
    // The first product of the list's first page (24 a page), whichever it is.
    const first = main.locator('.product-thumb').first();
    const name = (await first.locator('.product-thumb__name').textContent()) ?? '';
    expect(name).not.toBe('');
    await first.click();
    await expect.poll(() => main.getByRole('heading', { level: 1 }).textContent()).toBe(name);

    // Below 768 px the gallery and the details stack: gallery on top, both full width.
    const gallery = main.getByRole('group', { name: 'Product images' });
    await gallery.waitFor();
    const details = main.getByRole('heading', { level: 1 });
    const galleryBox = await gallery.boundingBox();
    const detailsBox = await details.boundingBox();
    if (!galleryBox || !detailsBox) throw new Error('gallery or details not laid out');
    expect(galleryBox.y + galleryBox.height).toBeLessThanOrEqual(detailsBox.y);
    expect(galleryBox.width).toBeGreaterThan(PHONE.width * 0.8);
    // No sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await productAddToCart(page).click();
    await expect.poll(() => alertWith(page, 'Product added to cart!').count()).toBe(1);
    await expect.poll(() => topBarCart(page)).toBe('Cart 1');
  });

  test('cart: stepper, shipping, remove and Empty Cart from the drawer', async () => {
    const { page } = await newShopper({ viewport: PHONE });
    await addToCartFromPage(page, 'Bakır Cezve');
    await page.getByRole('banner').getByRole('link', { name: /Cart/ }).click();
    await cartShown(page);
    const main = page.getByRole('main');
    const item = main.getByRole('article').filter({ hasText: 'Bakır Cezve' });
    expect(await item.getByRole('button', { name: 'Decrease quantity' }).isDisabled()).toBe(true);
    await item.getByRole('button', { name: 'Increase quantity' }).click();
    await expect.poll(() => topBarCart(page)).toBe('Cart 2');
    await expect
      .poll(() => main.locator('xpath=.//dt[normalize-space()="Shipping"]/following-sibling::dd[1]').textContent())
      .toBe('$100.00');
    await expect
      .poll(() => main.locator('xpath=.//dt[normalize-space()="Total Price"]/following-sibling::dd[1]').textContent())
      .toBe('$898.00');

    // The remove overlay is always shown on touch-sized screens.
    await item.getByRole('button', { name: 'Remove: Bakır Cezve' }).click();
    await expect.poll(() => alertWith(page, 'Product removed from cart!').count()).toBe(1);
    await expect.poll(() => main.getByText('Your cart is empty.').count()).toBe(1);
    await (await openMenu(page, 'Cart')).getByRole('button', { name: 'Empty Cart' }).click();
    await expect.poll(() => alertWith(page, 'Cart is already empty.').count()).toBe(1);
  });

  test('accounts: sign up from the drawer, logged in, log out', async () => {
    const { page, open } = await newShopper({ viewport: PHONE });
    await open('/');
    await (await openMenu(page, 'Profile')).getByRole('link', { name: 'Sign Up' }).click();
    await page.waitForURL('**/authpopup?tab=signup');
    const form = page.getByRole('tabpanel');
    // The popup fits the phone.
    const box = await page.getByRole('region', { name: 'Login or sign up' }).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    await form.getByLabel('Username').fill('phone');
    await form.getByLabel('Email').fill(uniqueEmail('phone'));
    await form.getByLabel('Password').fill(GOOD_PASSWORD);
    await form.getByRole('button', { name: 'Sign Up' }).click();
    await expect.poll(() => alertWith(page, 'You must accept the GDPR rules to proceed.').count()).toBe(1);
    await form.getByRole('checkbox', { name: 'I accept the GDPR rules' }).check();
    await form.getByRole('button', { name: 'Sign Up' }).click();
    await backHome(page);
    expect(await profileMenuItems(page)).toEqual(['Edit Profile', 'Orders', 'Logout']);
    await (await openMenu(page, 'Profile')).getByRole('link', { name: 'Edit Profile' }).click();
    await page.waitForURL('**/profile');
    await page.getByText('Please verify your email address').waitFor();
    await (await openMenu(page, 'Profile')).getByRole('button', { name: 'Logout' }).click();
    await backHome(page);
    expect(await profileMenuItems(page)).toEqual(['Login', 'Sign Up']);
  });

  test('addresses and checkout: one address with its cascade, preselected at checkout; the session popup fits', async () => {
    const { page } = await newShopper({ viewport: PHONE });
    await page.clock.install();
    const account = await registerAccount('phone-address');
    await addToCartFromPage(page, 'Bisiklet Kaskı');
    await page.goto('/authpopup');
    const login = page.getByRole('tabpanel');
    await login.getByLabel('Email').fill(account.email);
    await login.getByLabel('Password').fill(account.password);
    await login.getByRole('button', { name: 'Login', exact: true }).click();
    await backHome(page);

    await (await openMenu(page, 'Profile')).getByRole('link', { name: 'Edit Profile' }).click();
    await page.waitForURL('**/profile');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Add New Address' }).click();
    const form = main.locator('form.address-form');
    await form.getByLabel('Address Name').fill('Ev');
    for (const [label, text] of [
      ['City', 'İstanbul'],
      ['District', 'Kadıköy'],
      ['Neighbourhood', 'Caferağa'],
    ] as const) {
      const select = form.getByLabel(label);
      const option = select.locator('option').filter({ hasText: new RegExp(`^${text}$`) });
      await expect.poll(() => option.count()).toBe(1);
      await select.selectOption(await option.evaluate((element: HTMLOptionElement) => element.value));
    }
    await form.getByRole('checkbox', { name: 'Default address' }).check();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => alertWith(page, 'Address information updated successfully!').count()).toBe(1);
    await expect
      .poll(() => main.getByRole('article', { name: 'Ev', exact: true }).locator('.address-summary__line').allTextContents())
      .toEqual(['Caferağa', 'Kadıköy', 'İstanbul']);

    await (await openMenu(page, 'Cart')).getByRole('link', { name: 'Check Out' }).click();
    await page.waitForURL('**/check-out');
    await expect.poll(() => main.getByRole('region', { name: 'Shipping Address' }).getByText('Caferağa').count()).toBe(1);
    expect(await main.getByRole('region', { name: 'Billing Address' }).getByText('Caferağa').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // The session popup over the checkout, within the screen; Extend Session keeps the shopper there.
    await page.clock.fastForward('13:05');
    const popup = page.getByRole('dialog', { name: 'Your session is about to expire.' });
    await popup.waitFor();
    const box = await popup.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    await page.clock.setSystemTime(new Date());
    await popup.getByRole('button', { name: 'Extend Session' }).click();
    await expect.poll(() => popup.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/check-out');
  });
});
