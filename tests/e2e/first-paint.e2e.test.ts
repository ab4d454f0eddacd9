import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { storedCart } from '../support/phone-profile';
import { DESKTOP, newShopper, useBrowser } from './support/browser';
import { holdShopScripts } from './support/held-scripts';
import { alertWith, productAddToCart, productId, registerAccount } from './support/shop';

useBrowser();

/**
 * D20: a server-rendered page answers from its first paint, on the shopper's phone (touch, the CPU
 * four times slower, 150 ms and 1.6 Mbit/s). A tap is made the moment its control shows; the
 * shop's scripts are held back until then, so the tap surely comes before the shop is live (on a
 * phone it comes about two seconds before), then let through. Every tap must reach its effect.
 */

/** A new shopper (a phone unless `options` say otherwise) at `pathname` as first painted: the shop's scripts held until `release`. */
async function openHeld(pathname: string, options: Parameters<typeof newShopper>[0] = { profile: 'phone' }) {
  const shopper = await newShopper(options);
  const { release } = await holdShopScripts(shopper.page);
  await shopper.page.goto(pathname, { waitUntil: 'commit' });
  return { ...shopper, release };
}

/** Whether the shop is live yet (storefront/src/shell/hydration.tsx). */
const isLive = (page: Page) => page.evaluate(() => document.documentElement.dataset.shop === 'ready');

async function catalogue(): Promise<Array<{ _id: string; prodName: string; prodPrice?: number; prodImg1?: string }>> {
  const answer = await fetch(`${inject('baseUrl')}/api/product`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  return (await answer.json()) as Array<{ _id: string; prodName: string; prodPrice?: number; prodImg1?: string }>;
}

const storedQuantities = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('cartItems') ?? '[]') as Array<{ quantity: number }>).map((line) => line.quantity));

describe('first paint: no tap is lost on a phone (D20)', () => {
  test('product page: the stepper and Add to Cart, tapped at first paint, show they were taken and reach the cart once the shop is live', async () => {
    const { page, release } = await openHeld(`/product/${encodeURIComponent(await productId('4 Kişilik Kamp Çadırı'))}`);
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Increase quantity' }).tap();
    const add = productAddToCart(page);
    await add.tap();
    expect(await isLive(page)).toBe(false);
    // Pressed while it waits.
    expect(await add.getAttribute('data-tap')).toBe('held');
    release();
    await alertWith(page, 'Product added to cart!').first().waitFor();
    await expect.poll(() => storedQuantities(page)).toEqual([2]);
    expect(await add.getAttribute('data-tap')).toBeNull();
    expect(await main.locator('output').textContent()).toBe('2');
  });

  test('home: Add to Cart on a card and the carousel’s next, tapped at first paint, are replayed in order', async () => {
    const { page, release } = await openHeld('/');
    const yeni = page.getByRole('region', { name: 'Yeni', exact: true });
    const firstCard = yeni.getByRole('article').first();
    const firstName = await firstCard.getByRole('heading').textContent();
    await firstCard.getByRole('button', { name: 'Add to Cart' }).tap();
    await firstCard.getByRole('button', { name: 'Add to Cart' }).tap();
    await yeni.getByRole('button', { name: 'Next' }).tap();
    expect(await isLive(page)).toBe(false);
    release();
    await alertWith(page, 'Product added to cart!').first().waitFor();
    await expect.poll(() => storedQuantities(page)).toEqual([2]);
    // The carousel moved on: the first card is no longer the one in view.
    await expect.poll(() => yeni.locator('article:not([aria-hidden="true"]) h3').first().textContent()).not.toBe(firstName);
  });

  test('cart: a guest’s Proceed to Checkout, tapped at first paint, opens the login modal', async () => {
    const { page } = await newShopper({ profile: 'phone' });
    const products = await catalogue();
    await page.addInitScript((cart) => localStorage.setItem('cartItems', cart), JSON.stringify(storedCart(2, products)));
    const { release } = await holdShopScripts(page);
    await page.goto('/cart', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Proceed to Checkout' }).tap();
    expect(await isLive(page)).toBe(false);
    release();
    await page.getByRole('dialog').getByRole('button', { name: 'Continue Without Signing In' }).waitFor();
  });

  test('menu: the menu toggle tapped at first paint opens the drawer; a category there is a link to its list', async () => {
    const { page, release } = await openHeld('/about');
    const toggle = page.getByRole('button', { name: 'Toggle menu' });
    await toggle.tap();
    expect(await isLive(page)).toBe(false);
    release();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('complementary', { name: 'Shop menu' }).getByRole('link', { name: 'Elektronik' }).tap();
    await page.waitForURL('**/productlist/1');
    await page.getByRole('heading', { level: 1, name: 'Elektronik' }).waitFor();
  });

  test('menu dropdowns and the category tree, tapped before the shop is live on a wide screen: the Cart dropdown opens, Empty Cart answers, a category link navigates', async () => {
    const { page, release } = await openHeld('/about', { profile: 'throttled', viewport: DESKTOP });
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const cartEntry = menu.getByRole('button', { name: /^Cart/ });
    await cartEntry.click();
    expect(await isLive(page)).toBe(false);
    release();
    await expect.poll(() => cartEntry.getAttribute('aria-expanded')).toBe('true');
    await menu.getByRole('button', { name: 'Empty Cart' }).click();
    await alertWith(page, 'Cart is already empty.').waitFor();

    // The subcategories' toggle is a button: held and replayed too.
    const tree = await openHeld('/about', { profile: 'throttled', viewport: DESKTOP });
    const toggle = tree.page.getByRole('button', { name: 'Subcategories of Elektronik' });
    await toggle.click();
    expect(await isLive(tree.page)).toBe(false);
    tree.release();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await tree.page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Bilgisayar' }).waitFor();

    // A category is a real link: before the shop's script runs, the browser follows it itself.
    const second = await openHeld('/about', { profile: 'throttled', viewport: DESKTOP });
    await second.page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Elektronik' }).click();
    // (The new page's own scripts are held too: its URL and its server-rendered heading are enough.)
    await second.page.waitForURL('**/productlist/1', { waitUntil: 'commit' });
    await second.page.getByRole('heading', { level: 1, name: 'Elektronik' }).waitFor();
  });
});

/**
 * Records, from before the first paint until the shop is live and a moment after, whether the
 * page ever showed an empty cart's text or a zero total, and every layout shift not caused by input.
 */
async function watchCartTruth(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const watch = { empty: false, zero: false, shift: 0, frames: 0 };
    (window as unknown as { cartTruth: typeof watch }).cartTruth = watch;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) watch.shift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
    let liveFrames = 0;
    const look = () => {
      const main = document.querySelector('main');
      if (main) {
        watch.frames += 1;
        // innerText: only what is rendered (a hidden early state is not).
        if (main.innerText.includes('Your cart is empty.')) watch.empty = true;
        const summary = main.querySelector('.order-summary');
        if (summary instanceof HTMLElement && summary.innerText.includes('$0.00')) watch.zero = true;
      }
      if (document.documentElement.dataset.shop === 'ready') liveFrames += 1;
      if (liveFrames < 30) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
}

/** Every cart line shown, and their pictures loaded. */
async function linesShown(page: Page, lines: number): Promise<void> {
  await page.waitForFunction((count) => document.querySelectorAll('.cart-page__list > li').length === count, lines, { timeout: 30_000 });
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.cart-page__list img')]
      .filter((image) => image.getBoundingClientRect().top < window.innerHeight)
      .every((image) => (image as HTMLImageElement).complete),
  );
}

describe('first paint: the stored cart is never shown wrong (D20)', () => {
  for (const lines of [1, 3, 20]) {
    for (const [device, profile] of [
      ['phone', { profile: 'phone' as const }],
      ['desktop', { profile: 'throttled' as const, viewport: DESKTOP }],
    ] as const) {
      test(`/cart with ${lines} stored line${lines === 1 ? '' : 's'}, ${device}: never the empty text or a zero total, and nothing moves`, async () => {
        const { page } = await newShopper(profile);
        const products = await catalogue();
        await page.addInitScript((cart) => localStorage.setItem('cartItems', cart), JSON.stringify(storedCart(lines, products)));
        await watchCartTruth(page);
        await page.goto('/cart', { waitUntil: 'commit' });
        await linesShown(page, lines);
        await page.waitForFunction(() => (window as unknown as { cartTruth: { frames: number } }).cartTruth.frames > 0);
        await expect.poll(() => page.evaluate(() => document.documentElement.dataset.shop)).toBe('ready');
        // The watch runs on for a few frames after the shop is live.
        await page.waitForTimeout(500);
        const seen = await page.evaluate(
          () => (window as unknown as { cartTruth: { empty: boolean; zero: boolean; shift: number } }).cartTruth,
        );
        expect(seen.empty).toBe(false);
        expect(seen.zero).toBe(false);
        expect(seen.shift).toBeLessThanOrEqual(0.02);
        // And the badge showed the stored quantity from the first paint on.
        const quantity = storedCart(lines, products).reduce((sum, line) => sum + line.quantity, 0);
        const badge = device === 'phone' ? page.getByRole('banner').locator('.top-menu__badge') : page.getByTestId('cart-badge');
        expect(await badge.textContent()).toBe(String(quantity));
      });
    }
  }

  test('/cart with nothing stored shows the empty cart at once, before the shop is live', async () => {
    const { page, release } = await openHeld('/cart');
    await page.getByText('Your cart is empty.').waitFor();
    expect(await page.locator('.order-summary__total dd').innerText()).toBe('$0.00');
    expect(await isLive(page)).toBe(false);
    release();
  });

  for (const [device, profile] of [
    ['phone', { profile: 'phone' as const }],
    ['desktop', { profile: 'throttled' as const, viewport: DESKTOP }],
  ] as const) {
    test(`a signed-in shopper, ${device}: no public page moves when the stored session and cart join`, async () => {
      const account = await registerAccount('first-paint');
      const login = await fetch(`${inject('baseUrl')}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: account.email, password: account.password }),
      });
      const session = (await login.json()) as { accessToken: string; refreshToken: string; user: unknown };
      const products = await catalogue();
      const { page } = await newShopper(profile);
      await page.addInitScript(
        ({ accessToken, refreshToken, user, cart }) => {
          localStorage.setItem('accessToken', accessToken);
          localStorage.setItem('refreshToken', refreshToken);
          localStorage.setItem('user', user);
          localStorage.setItem('cartItems', cart);
        },
        { ...session, user: JSON.stringify(session.user), cart: JSON.stringify(storedCart(2, products)) },
      );
      await watchCartTruth(page);
      const id = await productId('4 Kişilik Kamp Çadırı');
      // Every public page: those the server renders, and the search, which the browser renders.
      for (const pathname of ['/', '/productlist/1', `/product/${id}`, '/about', '/cart', '/privacy', '/terms', '/search?q=kamp']) {
        // (A new document each time: the watch starts again.) The shop's scripts are held until the
        // page has painted, as on a visit whose scripts are not in the browser's cache yet: what
        // the stored session and cart change must already be right in the first paint.
        const held = await holdShopScripts(page);
        await page.goto(pathname, { waitUntil: 'commit' });
        await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, {
          polling: 'raf',
          timeout: 30_000,
        });
        held.release();
        await expect.poll(() => page.evaluate(() => document.documentElement.dataset.shop), { timeout: 30_000 }).toBe('ready');
        await page.unroute('**/assets/*.js');
        await page.waitForTimeout(500);
        const seen = await page.evaluate(() => (window as unknown as { cartTruth: { shift: number } }).cartTruth);
        expect({ pathname, shift: seen.shift <= 0.02 ? 'at most 0.02' : seen.shift }).toEqual({ pathname, shift: 'at most 0.02' });
      }
      // Signed in all along: the Profile menu, once open, is the signed-in one.
      if (device === 'phone') await page.getByRole('button', { name: 'Toggle menu' }).tap();
      await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Profile' }).click();
      await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Edit Profile' }).waitFor();
    });
  }
});
