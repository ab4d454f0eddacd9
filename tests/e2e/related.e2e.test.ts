import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { newShopper, useBrowser } from './support/browser';
import { productId } from './support/shop';

useBrowser();

const FIRST = 'Ultrabook 14 inç';
const SECOND = '4 Kişilik Kamp Çadırı';

const main = (page: Page) => page.getByRole('main');
const region = (page: Page, name: string) => main(page).getByRole('region', { name, exact: true });
const cardNames = (page: Page, name: string) => region(page, name).getByRole('heading', { level: 3 }).allTextContents();

describe('related and recently viewed products (D25)', () => {
  test('a second product shows the first under Recently Viewed; related products are links to their pages', async () => {
    const { page, open } = await newShopper();
    const [first, second] = await Promise.all([productId(FIRST), productId(SECOND)]);

    await open(`/product/${first}`);
    await main(page).getByRole('heading', { level: 1, name: FIRST }).waitFor();
    // Nothing viewed before: no Recently Viewed section, only the related products (server-rendered).
    await region(page, 'Related Products').getByRole('article').first().waitFor();
    expect(await region(page, 'Recently Viewed').count()).toBe(0);

    await open(`/product/${second}`);
    await main(page).getByRole('heading', { level: 1, name: SECOND }).waitFor();
    await region(page, 'Recently Viewed').getByRole('heading', { level: 3, name: FIRST }).waitFor();
    expect(await cardNames(page, 'Recently Viewed')).toEqual([FIRST]);
    const related = await cardNames(page, 'Related Products');
    expect(related.length).toBeGreaterThan(0);
    expect(related).not.toContain(SECOND);

    // A related product is a link: it opens that product's page, where the one left is recently viewed.
    const next = related[0]!;
    await region(page, 'Related Products').getByRole('link', { name: next }).first().click();
    await main(page).getByRole('heading', { level: 1, name: next }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/product\/[0-9a-f]{24}$/);
    await region(page, 'Recently Viewed').getByRole('heading', { level: 3, name: SECOND }).waitFor();
    expect(await cardNames(page, 'Recently Viewed')).toEqual([SECOND, FIRST]);
  });
});
