import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { newShopper, PHONE, useBrowser } from './support/browser';
import { cartBadge, productAddToCart, productId } from './support/shop';

useBrowser();

const HEADINGS = ['Yeni', 'Popüler', 'Sıradışı', 'İndirimli'];

/** What went wrong on the page: console errors and uncaught exceptions. */
function problems(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') seen.push(message.text());
  });
  page.on('pageerror', (error) => seen.push(error.message));
  return seen;
}

/** The API calls the page makes. */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) calls.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  return calls;
}

describe('server-rendered pages (D17)', () => {
  test('without any script the home shows its four carousels with products, a product page its name, price and picture', async () => {
    const { page } = await newShopper({ javaScriptEnabled: false, viewport: PHONE });
    await page.goto('/');
    const main = page.getByRole('main');
    for (const heading of HEADINGS) await expect(main.getByRole('heading', { level: 2, name: heading }).isVisible()).resolves.toBe(true);
    // The first view of each carousel (the other cards join once the page runs).
    expect(await main.locator('h3').count()).toBe(4 * 4);

    const id = await productId('Akıllı Telefon Pro 256 GB');
    await page.goto(`/product/${id}`);
    await expect(main.getByRole('heading', { level: 1, name: 'Akıllı Telefon Pro 256 GB' }).isVisible()).resolves.toBe(true);
    await expect(main.getByText(/^Price: \$54,999\.00$/).isVisible()).resolves.toBe(true);
    const picture = main.getByRole('img', { name: 'Akıllı Telefon Pro 256 GB 1' });
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    expect(await page.title()).toBe('Akıllı Telefon Pro 256 GB | Storefront');

    // D24: the legal texts and the seller in the footer, in the first HTML.
    await page.goto('/terms');
    await expect(main.getByText('Mesafeli Satış Sözleşmesi').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('contentinfo').getByText('MERSİS: 0123456789000015').isVisible()).resolves.toBe(true);
  });

  test('hydration: no error or warning, no catalogue call for what the server rendered, and the cart joins after it', async () => {
    const { page } = await newShopper();
    const seen = problems(page);
    const id = await productId('Akıllı Telefon Pro 256 GB');
    await page.goto(`/product/${id}`);
    await productAddToCart(page).click();
    await expect(cartBadge(page).textContent()).resolves.toBe('1');

    const calls = apiCalls(page);
    for (const pathname of ['/', '/productlist/1?sort=price-asc&page=2', `/product/${id}`, '/about', '/privacy', '/cart']) {
      await page.goto(pathname, { waitUntil: 'networkidle' });
      // The stored cart shows once the page is hydrated.
      await cartBadge(page).waitFor();
      // Once live, the cart page asks whether its line can still be bought as it stands (D25).
      expect(calls, pathname).toEqual(pathname === '/cart' ? [`GET /api/product/${id}`] : []);
      // Each part hydrated in its turn (D20) is the server's element, not a second one drawn beside it.
      await page.waitForFunction(() => document.documentElement.dataset.shop === 'ready');
      const parts = await page.evaluate(() => {
        const count = (selector: string) => document.querySelectorAll(selector).length;
        const carouselTitles = [...document.querySelectorAll('.carousel h2')].map((title) => title.textContent);
        return { layout: ['.app', '.topbar', '.sidebar', '.app__header', 'main', '.footer'].map(count), carouselTitles };
      });
      expect(parts.layout, pathname).toEqual([1, 1, 1, 1, 1, 1]);
      expect(new Set(parts.carouselTitles).size, pathname).toBe(parts.carouselTitles.length);
      if (pathname === '/') expect(parts.carouselTitles).toEqual([...HEADINGS]);
    }
    await expect(page.getByRole('main').getByRole('heading', { level: 2, name: 'Akıllı Telefon Pro 256 GB' }).isVisible()).resolves.toBe(
      true,
    );
    expect(seen).toEqual([]);
  });

  test('on a phone the home fetches the pictures of the cards in view only; the next card’s comes as it slides in', async () => {
    const { page } = await newShopper({ viewport: PHONE });
    const pictures: string[] = [];
    page.on('request', (request) => {
      const { pathname, search } = new URL(request.url());
      if (pathname.startsWith('/images/products/')) pictures.push(pathname + search);
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    // One card in view per carousel on a phone: four pictures, each a product's first, as WebP,
    // in the narrowest copy as wide as a 230 px card on this screen (one device pixel per CSS pixel): 400 px.
    expect(pictures).toHaveLength(4);
    for (const picture of pictures) expect(picture).toMatch(/^\/images\/products\/[0-9a-f]{24}-1\.webp\?w=400$/);
    const carousel = page.getByRole('main').getByRole('region', { name: HEADINGS[0] });
    await carousel.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => pictures.length).toBe(5);
    expect(pictures[4]).toMatch(/-1\.webp\?w=400$/);
    expect(pictures.slice(0, 4)).not.toContain(pictures[4]);
  });

  test('after hydration the shop is the single-page app: the next page loads its own data', async () => {
    const { page } = await newShopper();
    const calls = apiCalls(page);
    await page.goto('/', { waitUntil: 'networkidle' });
    expect(calls).toEqual([]);
    const card = page.getByRole('main').getByRole('heading', { level: 3 }).first();
    const name = (await card.textContent()) ?? '';
    await card.click();
    // The home page has a level-1 heading too (the shop's name, for screen readers): wait for the product's.
    await page.getByRole('main').getByRole('heading', { level: 1, name, exact: true }).waitFor();
    // The product and its related products (D25).
    expect([...calls].sort()).toEqual([
      expect.stringMatching(/^GET \/api\/product\/[0-9a-f]{24}$/),
      expect.stringMatching(/^GET \/api\/product\/[0-9a-f]{24}\/related$/),
    ]);
  });
});
