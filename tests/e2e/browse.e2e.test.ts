import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { newShopper, useBrowser } from './support/browser';
import { alertWith, cartBadge, collectionNames, productAddToCart } from './support/shop';

useBrowser();

const CAROUSELS = ['Yeni', 'Popüler', 'Sıradışı', 'İndirimli'];

function carousel(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title, exact: true });
}

/** Names of the cards a shopper can see (hidden cards are aria-hidden and inert). */
/** Every product name of the open category list, page after page (24 a page), then Back to page 1. */
async function listedNames(page: Page): Promise<string[]> {
  const main = page.getByRole('main');
  const start = page.url();
  const names: string[] = [];
  let pageNumber = 1;
  for (; ; pageNumber += 1) {
    const pager = main.getByRole('navigation', { name: 'Product pages' });
    await expect.poll(() => pager.getByText(new RegExp(`^Page ${pageNumber} of \\d+$`)).count()).toBe(1);
    names.push(...(await main.locator('.product-thumb__name').allTextContents()));
    const next = pager.getByRole('link', { name: 'Next' });
    if ((await next.count()) === 0) break;
    await next.click();
  }
  for (; pageNumber > 1; pageNumber -= 1) await page.goBack();
  await page.waitForURL(start);
  return names;
}

async function visibleCardNames(section: Locator): Promise<string[]> {
  return section.getByRole('article').getByRole('heading', { level: 3 }).allTextContents();
}

describe('browse', () => {
  test('home shows the four carousels, four cards at a time, wrapping both ways', async () => {
    const { page, open } = await newShopper();
    await open('/');
    for (const title of CAROUSELS) {
      await expect.poll(() => visibleCardNames(carousel(page, title))).toHaveLength(4);
    }
    await expect.poll(() => page.getByRole('heading', { level: 2 }).allTextContents()).toEqual(expect.arrayContaining(CAROUSELS));

    const yeni = carousel(page, 'Yeni');
    // Every product of the collection, in order.
    const all = await collectionNames('new');
    expect(all.length).toBeGreaterThan(4);
    const first = all.slice(0, 4);
    const last = all.slice(-4);
    expect(await visibleCardNames(yeni)).toEqual(first);

    await yeni.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => visibleCardNames(yeni)).toEqual(last);
    await yeni.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => visibleCardNames(yeni)).toEqual(first);
    await yeni.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => visibleCardNames(yeni)).toEqual(all.slice(1, 5));

    // Each carousel has its own selection (D3): not all four show the same cards.
    const firsts = await Promise.all(CAROUSELS.map(async (title) => (await visibleCardNames(carousel(page, title))).join('|')));
    expect(new Set(firsts).size).toBeGreaterThan(1);
  });

  test('the category tree leads to a list with the products of every descendant', async () => {
    const { page, open } = await newShopper();
    await open('/');
    const tree = page.getByRole('navigation', { name: 'Categories' });
    await tree.getByRole('link', { name: 'Elektronik' }).click();
    await page.waitForURL('**/productlist/1');
    const main = page.getByRole('main');
    await expect.poll(() => main.getByRole('heading', { level: 1 }).textContent()).toBe('Elektronik');
    await expect.poll(() => main.getByText('Bu kategori altındaki tüm ürünler gösterilmektedir.').count()).toBe(1);
    // 'Ultrabook 14 inç' lives in Elektronik > Bilgisayar > Dizüstü Bilgisayar (a grandchild);
    // the list pages 24 at a time, so every page is read.
    const listed = await listedNames(page);
    expect(listed).toContain('Ultrabook 14 inç');
    expect(listed).toContain('Kablosuz Kulak İçi Kulaklık');
    // Nothing of another top-level category.
    expect(listed).not.toContain('Döküm Tava 28 cm');

    // The entry expanded: down to the grandchild, whose list is narrower.
    expect(await tree.getByRole('button', { name: 'Subcategories of Elektronik' }).getAttribute('aria-expanded')).toBe('true');
    await tree.getByRole('link', { name: 'Bilgisayar' }).click();
    await tree.getByRole('link', { name: 'Dizüstü Bilgisayar' }).click();
    await page.waitForURL('**/productlist/111');
    await expect.poll(() => main.getByRole('heading', { level: 1 }).textContent()).toBe('Dizüstü Bilgisayar');
    await expect.poll(() => main.getByRole('link', { name: /Ultrabook 14 inç/ }).count()).toBe(1);
    expect(await main.getByRole('link', { name: /Tablet 10 inç/ }).count()).toBe(0);

    // A thumbnail alerts and opens the product.
    await main.getByRole('link', { name: /Ultrabook 14 inç/ }).click();
    await expect.poll(() => alertWith(page, 'Product clicked!').count()).toBe(1);
    await page.waitForURL('**/product/**');
    await expect.poll(() => main.getByRole('heading', { level: 1 }).textContent()).toBe('Ultrabook 14 inç');
  });

  test('a product page shows name, price, description and a gallery whose thumbnails select the slide', async () => {
    const { page, open } = await newShopper();
    await open('/productlist/111');
    const main = page.getByRole('main');
    await main.getByRole('link', { name: /Ultrabook 14 inç/ }).click();
    await expect.poll(() => main.getByRole('heading', { level: 1 }).textContent()).toBe('Ultrabook 14 inç');
    expect(await main.getByText('Price: $32,999.90', { exact: true }).count()).toBe(1);
    expect(await main.getByText('İnce alüminyum kasa, 16 GB bellek, 1 TB SSD ve gün boyu pil ömrü.').count()).toBe(1);

    const gallery = main.getByRole('group', { name: 'Product images' });
    const thumbs = gallery.locator('.product-gallery__thumbs').getByRole('button');
    await expect.poll(() => thumbs.count()).toBe(3);
    // The images are cropped client-side (by the cropper loaded at the first crop) to 66% of
    // their width, and actually decode.
    await expect
      .poll(() =>
        gallery.locator('.product-gallery__slide img').evaluateAll((images) =>
          images.every((element) => {
            const image = element as HTMLImageElement;
            return image.src.startsWith('blob:') && image.naturalWidth > 0 && image.naturalHeight === Math.round(image.naturalWidth * 0.66);
          }),
        ),
      )
      .toBe(true);
    expect(await thumbs.nth(0).getAttribute('aria-current')).toBe('true');
    await thumbs.nth(2).click();
    await expect.poll(() => thumbs.nth(2).getAttribute('aria-current')).toBe('true');
    expect(await thumbs.nth(0).getAttribute('aria-current')).toBeNull();
    // The bullets follow the thumbnails.
    const dots = gallery.locator('.product-gallery__dot');
    await expect.poll(() => dots.nth(2).getAttribute('aria-current')).toBe('true');
    await dots.nth(1).click();
    await expect.poll(() => thumbs.nth(1).getAttribute('aria-current')).toBe('true');
  });

  test('add to cart from a card (without opening it) and from the product page', async () => {
    const { page, open } = await newShopper();
    await open('/');
    const yeni = carousel(page, 'Yeni');
    await expect.poll(() => visibleCardNames(yeni)).toHaveLength(4);
    expect(await cartBadge(page).count()).toBe(0);

    const card = yeni.getByRole('article').first();
    await card.hover();
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await expect.poll(() => alertWith(page, 'Product added to cart!').count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/');
    await expect.poll(() => cartBadge(page).textContent()).toBe('1');

    // The same card again raises the quantity.
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await expect.poll(() => cartBadge(page).textContent()).toBe('2');

    // Clicking the card elsewhere opens the product; its page adds the chosen quantity.
    await yeni.getByRole('article').nth(1).getByRole('link').click();
    await page.waitForURL('**/product/**');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Increase quantity' }).click();
    await main.getByRole('button', { name: 'Increase quantity' }).click();
    expect(await main.locator('output').textContent()).toBe('3');
    await productAddToCart(page).click();
    await expect.poll(() => alertWith(page, 'Product added to cart!').count()).toBeGreaterThan(0);
    await expect.poll(() => cartBadge(page).textContent()).toBe('5');
  });
});
