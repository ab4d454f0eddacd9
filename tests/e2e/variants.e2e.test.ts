import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { newShopper, useBrowser } from './support/browser';
import { holdShopScripts } from './support/held-scripts';
import { alertWith, cartShown, openMenu, productAddToCart, productId } from './support/shop';

useBrowser();

/** The demo catalogue's T-shirt (core/demo/catalog.json): Beden S-XL, Renk Siyah, Beyaz, Lacivert; L / Lacivert is sold out. */
const TSHIRT = 'Basic Pamuklu Tişört';

const main = (page: Page) => page.getByRole('main');
const addToCart = productAddToCart;

/** The radio of `value` in the option group `option` (a sold-out value reads '(Stokta yok)' after it). */
function radio(page: Page, option: string, value: string): Locator {
  return main(page)
    .getByRole('group', { name: option, exact: true })
    .getByRole('radio', { name: new RegExp(`^${value}( \\(Stokta yok\\))?$`) });
}

async function choose(page: Page, size: string, colour: string): Promise<void> {
  await radio(page, 'Beden', size).check();
  await radio(page, 'Renk', colour).check();
  await expect.poll(() => radio(page, 'Beden', size).isChecked()).toBe(true);
}

/** The variant id the URL keeps (`?variant=`). */
const chosenInUrl = (page: Page) => new URL(page.url()).searchParams.get('variant');

const storedLines = (page: Page) =>
  page.evaluate(() =>
    (JSON.parse(localStorage.getItem('cartItems') ?? '[]') as Array<{ variantLabel?: string; quantity: number }>).map(
      (line) => `${line.variantLabel ?? ''} x${line.quantity}`,
    ),
  );

describe('products with sizes and colours (D25)', () => {
  test('choose a size and colour, add it, choose another, add it: the cart shows two lines; a sold-out one cannot be added and offers Haber ver', async () => {
    const { page, open } = await newShopper();
    await open(`/product/${encodeURIComponent(await productId(TSHIRT))}`);
    await main(page).getByRole('heading', { level: 1, name: TSHIRT }).waitFor();
    const add = addToCart(page);
    const history = () => page.evaluate(() => window.history.length);
    const visited = await history();

    await choose(page, 'M', 'Lacivert');
    await expect.poll(() => chosenInUrl(page)).not.toBeNull();
    // The URL is replaced, not pushed: Back leaves the product.
    expect(await history()).toBe(visited);
    const first = chosenInUrl(page);
    await add.click();
    await alertWith(page, 'Product added to cart!').first().waitFor();

    await choose(page, 'XL', 'Siyah');
    await expect.poll(() => chosenInUrl(page)).not.toBe(first);
    // XL / Siyah has a price of its own and 3 left.
    await main(page).getByText('Son 3 ürün').waitFor();
    await main(page).getByText('Price: $279.00').waitFor();
    await add.click();
    await expect.poll(() => storedLines(page)).toEqual(['M / Lacivert x1', 'XL / Siyah x1']);

    // Sold out: Add to Cart is disabled, 'Haber ver' asks for an address.
    await choose(page, 'L', 'Lacivert');
    await main(page).getByText('Stokta yok', { exact: true }).waitFor();
    expect(await add.isDisabled()).toBe(true);
    await main(page).getByRole('button', { name: 'Haber ver' }).click();
    const form = main(page).getByRole('form', { name: 'Haber ver' });
    await form.getByLabel('Email').fill('not-an-address');
    await form.getByRole('button', { name: 'Send' }).click();
    await form.getByText('Enter a valid email address.').waitFor();
    await form.getByLabel('Email').fill(`haber-${Date.now()}@example.com`);
    await form.getByRole('button', { name: 'Send' }).click();
    await expect.poll(async () => ((await form.getByRole('status').textContent()) ?? '').length).toBeGreaterThan(0);
    expect(await storedLines(page)).toEqual(['M / Lacivert x1', 'XL / Siyah x1']);

    // The cart: one line per variant.
    await (await openMenu(page, 'Cart')).getByRole('link', { name: 'Check Out' }).click();
    await cartShown(page);
    const lines = main(page)
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: TSHIRT }) });
    await expect.poll(() => lines.count()).toBe(2);
  });

  test('a server render of ?variant= shows that variant chosen, before and without the script', async () => {
    const id = await productId(TSHIRT);
    // The variant the page chose for XL / Siyah, read from the live page.
    const live = await newShopper();
    await live.open(`/product/${encodeURIComponent(id)}`);
    await choose(live.page, 'XL', 'Siyah');
    await expect.poll(() => chosenInUrl(live.page)).not.toBeNull();
    const variant = chosenInUrl(live.page)!;

    const { page, open } = await newShopper({ javaScriptEnabled: false });
    await open(`/product/${encodeURIComponent(id)}?variant=${variant}`);
    expect(await radio(page, 'Beden', 'XL').isChecked()).toBe(true);
    expect(await radio(page, 'Renk', 'Siyah').isChecked()).toBe(true);
    expect(await main(page).getByText('Price: $279.00').count()).toBe(1);
    expect(await main(page).getByText('Son 3 ürün').count()).toBe(1);

    // The browser's first render agrees with the server's: no hydration warning, the same choice.
    const hydrated = await newShopper();
    const problems: string[] = [];
    hydrated.page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    await hydrated.open(`/product/${encodeURIComponent(id)}?variant=${variant}`);
    expect(await radio(hydrated.page, 'Beden', 'XL').isChecked()).toBe(true);
    expect(await radio(hydrated.page, 'Renk', 'Siyah').isChecked()).toBe(true);
    expect(problems).toEqual([]);
  });

  test('a size chosen before the shop is live is the one added once it is', async () => {
    const { page } = await newShopper({ profile: 'phone' });
    const { release } = await holdShopScripts(page);
    await page.goto(`/product/${encodeURIComponent(await productId(TSHIRT))}`, { waitUntil: 'commit' });
    await radio(page, 'Beden', 'XL').tap();
    await addToCart(page).tap();
    expect(await page.evaluate(() => document.documentElement.dataset.shop)).toBeUndefined();
    release();
    await alertWith(page, 'Product added to cart!').first().waitFor();
    // The first in stock of the page's colour (Siyah) in XL.
    await expect.poll(() => storedLines(page)).toEqual(['XL / Siyah x1']);
    await expect.poll(() => chosenInUrl(page)).not.toBeNull();
  });
});
