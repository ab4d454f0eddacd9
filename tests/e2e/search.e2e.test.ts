import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { expectAccessible } from './support/axe';
import { newShopper, PHONE, useBrowser } from './support/browser';
import { SEARCH_SEED } from './support/search-seed';

useBrowser();

/** Lower case, no diacritics, dotless ı written as i: finds "Çaydanlık Işıltı 01" … "30" (D18). */
const QUERY = 'caydanlik isilti';

const main = (page: Page) => page.getByRole('main');
const results = (page: Page): Locator => main(page).getByRole('list').first().getByRole('link');
const pages = (page: Page): Locator => main(page).getByRole('navigation', { name: 'Product pages' });

/** The seeded teapots by price, cheapest first (what sort=price-asc shows). */
const byPrice = [...SEARCH_SEED].sort((a, b) => a.price - b.price).map((product) => product.name);

describe('search, sorting and paging (D18)', () => {
  test('a Turkish search from the header, sorted by price, page 2, a product, and Back to the same page', async () => {
    const { page, open } = await newShopper();
    await open('/');
    // Large screens: one visible search field, above the page (the sidebar's is for phones).
    const field = page.getByRole('searchbox', { name: 'Search products' });
    await expect.poll(() => field.count()).toBe(1);

    // An empty search goes nowhere.
    await field.press('Enter');
    expect(new URL(page.url()).pathname).toBe('/');

    await field.fill(QUERY);
    await field.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === QUERY);
    await expect.poll(() => main(page).getByRole('heading', { level: 1 }).textContent()).toBe(`Search results for “${QUERY}”`);
    await expect.poll(() => main(page).getByText('30 products', { exact: true }).count()).toBe(1);
    await expect.poll(() => results(page).count()).toBe(24);
    expect(await results(page).first().textContent()).toContain('Çaydanlık Işıltı');
    await expectAccessible(page);

    // Sort by price: the URL says so, the cheapest first.
    await main(page).getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: low to high' });
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price-asc');
    await expect.poll(() => results(page).first().textContent()).toContain(byPrice[0]);
    await expect.poll(() => pages(page).getByText('Page 1 of 2').count()).toBe(1);

    // Page 2: the last six by price.
    await pages(page).getByRole('link', { name: 'Next' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    // The reader continues at the top of the new page, not at the bottom where the pager was.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    await expect.poll(() => pages(page).getByText('Page 2 of 2').count()).toBe(1);
    await expect.poll(() => results(page).count()).toBe(6);
    await expect.poll(() => results(page).first().textContent()).toContain(byPrice[24]);
    const pageTwo = page.url();

    // Open a product, then the browser's Back: the same page, order and text.
    await results(page).first().click();
    await page.waitForURL('**/product/**');
    await expect.poll(() => main(page).getByRole('heading', { level: 1 }).textContent()).toBe(byPrice[24]);
    await page.goBack();
    await page.waitForURL(pageTwo);
    await expect.poll(() => pages(page).getByText('Page 2 of 2').count()).toBe(1);
    await expect.poll(() => results(page).first().textContent()).toContain(byPrice[24]);
    expect(await main(page).getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('price-asc');
    expect(await field.inputValue()).toBe(QUERY);

    // Back once more: page 1 of the same order.
    await page.goBack();
    await expect.poll(() => pages(page).getByText('Page 1 of 2').count()).toBe(1);
    await expect.poll(() => results(page).first().textContent()).toContain(byPrice[0]);
  });

  test('on a phone the search field is in the drawer, works by keyboard, and nothing found offers the categories', async () => {
    const { page, open } = await newShopper({ viewport: PHONE });
    await open('/');
    const toggle = page.getByRole('button', { name: 'Toggle menu' });
    await toggle.click();
    const drawer = page.getByRole('complementary', { name: 'Shop menu' });
    const field = drawer.getByRole('searchbox', { name: 'Search products' });
    await field.focus();
    await page.keyboard.type('zzqx');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/search?q=zzqx');
    await drawer.waitFor({ state: 'hidden' });
    await expect.poll(() => main(page).getByText('No products match “zzqx”.').count()).toBe(1);
    await expect.poll(() => main(page).getByText('0 products', { exact: true }).count()).toBe(1);
    const categories = main(page).getByRole('navigation', { name: 'Browse categories' });
    await categories.getByRole('link', { name: 'Elektronik' }).click();
    await page.waitForURL('**/productlist/1');
    // No sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  test('a category list pages and sorts through the URL, and a page past the end leads back to page 1', async () => {
    const { page, open } = await newShopper();
    await open('/productlist/?sort=price-desc&page=2');
    await expect
      .poll(() =>
        pages(page)
          .getByText(/^Page 2 of \d+$/)
          .count(),
      )
      .toBe(1);
    expect(await main(page).getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('price-desc');
    // The SPEC texts stay: the note, and 'Product clicked!' on a thumbnail.
    expect(await main(page).getByText('Bu kategori altındaki tüm ürünler gösterilmektedir.').count()).toBe(1);

    await open('/productlist/1?page=99');
    await expect
      .poll(() =>
        main(page)
          .getByText(/^There (is|are) only \d+ pages? of products\.$/)
          .count(),
      )
      .toBe(1);
    await main(page).getByRole('link', { name: 'Back to the first page' }).click();
    await page.waitForURL((url) => url.pathname === '/productlist/1' && url.search === '');
    await expect
      .poll(() =>
        pages(page)
          .getByText(/^Page 1 of \d+$/)
          .count(),
      )
      .toBe(1);
    expect(await results(page).count()).toBe(24);
  });
});
