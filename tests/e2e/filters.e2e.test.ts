import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { newShopper, PHONE, useBrowser } from './support/browser';
import { holdShopScripts } from './support/held-scripts';

useBrowser();

/**
 * D25: the filter panel of a category list. Kadın Giyim (312) of the demo catalogue has six
 * products; three come in sizes: Basic Pamuklu Tişört ($249), Kadın Triko Hırka ($899) and Kadın
 * Çiçek Desenli Midi Elbise ($1,299), each in M among others.
 */
const LIST = '/productlist/312';
const IN_M_UP_TO_1000 = ['Basic Pamuklu Tişört', 'Kadın Triko Hırka'];

const main = (page: Page) => page.getByRole('main');
/** The product names the grid shows, in order. */
const shownNames = (page: Page) => main(page).locator('.product-list__grid .product-thumb__name').allTextContents();
const panel = (page: Page) => main(page).getByRole('form', { name: 'Filters' });
const sizeM = (page: Page): Locator =>
  panel(page)
    .getByRole('group', { name: 'Beden' })
    .getByRole('checkbox', { name: /^M \(\d+\)$/ });

/** The API calls the page makes from now on. */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) calls.push(`${request.method()} ${pathname}`);
  });
  return calls;
}

describe('filters on a product list (D25)', () => {
  test('filter by size and price: the URL holds the filters, and that URL opens the same list and panel, server-rendered', async () => {
    const { page, open } = await newShopper();
    await open(LIST);
    await expect.poll(() => main(page).getByText('6 products', { exact: true }).count()).toBe(1);

    // A size: the list narrows at once, the URL says so.
    await sizeM(page).check();
    await page.waitForURL((url) => url.searchParams.getAll('f.Beden').join() === 'M');
    await expect.poll(() => main(page).getByText('3 products', { exact: true }).count()).toBe(1);

    // A price: applied with Apply; a filter starts the list again at page 1.
    await panel(page).getByRole('spinbutton', { name: 'Max ($)' }).fill('1000');
    await panel(page).getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL((url) => url.searchParams.get('maxPrice') === '1000');
    await expect.poll(() => main(page).getByText('2 products', { exact: true }).count()).toBe(1);
    await expect.poll(async () => (await shownNames(page)).sort()).toEqual(IN_M_UP_TO_1000);
    const filtered = new URL(page.url());
    expect(filtered.pathname).toBe(LIST);
    expect(filtered.searchParams.has('page')).toBe(false);
    const shared = `${filtered.pathname}${filtered.search}`;

    // The server's HTML of that URL, before any script: the filtered list and the panel's state.
    const html = await (await fetch(`${inject('baseUrl')}${shared}`)).text();
    for (const name of IN_M_UP_TO_1000) expect(html).toContain(name);
    expect(html).not.toContain('Kadın Çiçek Desenli Midi Elbise');
    const input = (name: string, value?: string) =>
      html
        .match(/<input[^>]*>/g)
        ?.find((tag) => tag.includes(`name="${name}"`) && (value === undefined || tag.includes(`value="${value}"`)));
    expect(input('maxPrice')).toContain('value="1000"');
    expect(input('f.Beden', 'M')).toContain('checked=""');
    expect(input('f.Beden', 'S')).not.toContain('checked=""');

    // The shared URL in a fresh browser without script: the same list and panel.
    const still = await newShopper({ javaScriptEnabled: false });
    await still.page.goto(shared);
    expect((await shownNames(still.page)).sort()).toEqual(IN_M_UP_TO_1000);
    expect(await sizeM(still.page).isChecked()).toBe(true);
    expect(await panel(still.page).getByRole('spinbutton', { name: 'Max ($)' }).inputValue()).toBe('1000');

    // ... and with it: hydrated from the server's answers, no catalogue call, the same list and panel.
    const fresh = await newShopper();
    const calls = apiCalls(fresh.page);
    await fresh.open(shared);
    expect((await shownNames(fresh.page)).sort()).toEqual(IN_M_UP_TO_1000);
    expect(await sizeM(fresh.page).isChecked()).toBe(true);
    expect(await panel(fresh.page).getByRole('checkbox', { name: /^XL/ }).isChecked()).toBe(false);
    expect(calls).toEqual([]);

    // Clear filters: the whole category again.
    await panel(fresh.page).getByRole('link', { name: 'Clear filters' }).click();
    await fresh.page.waitForURL((url) => url.search === '');
    await expect.poll(() => main(fresh.page).getByText('6 products', { exact: true }).count()).toBe(1);
  });

  test('without script the panel is a form: Apply sends the choices, and the server renders the filtered list', async () => {
    const { page } = await newShopper({ javaScriptEnabled: false });
    await page.goto(`${LIST}?sort=price-desc&page=2`);
    await sizeM(page).check();
    await panel(page).getByRole('spinbutton', { name: 'Max ($)' }).fill('1000');
    await panel(page).getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL((url) => url.searchParams.get('maxPrice') === '1000');
    const url = new URL(page.url());
    expect(url.searchParams.get('sort')).toBe('price-desc');
    expect(url.searchParams.has('page')).toBe(false);
    expect(await shownNames(page)).toEqual([...IN_M_UP_TO_1000].reverse());
  });

  test('on a phone the panel is a drawer behind Filters (n): a tap before the shop is live opens it, Escape closes it and focus returns', async () => {
    const { page } = await newShopper({ profile: 'phone' });
    // The shop's scripts wait until the button was tapped, so the tap surely comes first.
    const { release } = await holdShopScripts(page);
    await page.goto(`${LIST}?f.Beden=M`, { waitUntil: 'commit' });
    const toggle = main(page).getByRole('button', { name: 'Filters (1)' });
    await toggle.tap();
    expect(await toggle.getAttribute('data-tap')).toBe('held');
    release();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await expect.poll(() => drawer.isVisible(), { timeout: 30_000 }).toBe(true);
    await expect
      .poll(() => drawer.getByRole('button', { name: 'Close filters' }).evaluate((button) => button === document.activeElement))
      .toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // A choice in the drawer applies at once and keeps the drawer open.
    await drawer.getByRole('checkbox', { name: /^In stock only/ }).tap();
    await page.waitForURL((url) => url.searchParams.get('inStock') === '1');
    await expect.poll(() => main(page).getByRole('button', { name: 'Filters (2)' }).count()).toBe(1);
    expect(await drawer.isVisible()).toBe(true);

    await page.keyboard.press('Escape');
    await expect.poll(() => drawer.count()).toBe(0);
    expect(
      await main(page)
        .getByRole('button', { name: 'Filters (2)' })
        .evaluate((button) => button === document.activeElement),
    ).toBe(true);
  });
});
