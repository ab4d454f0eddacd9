import { describe, expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { newShopper, useBrowser } from './support/browser';
import { addToCartFromPage, alertWith, cartBadge, cartShown, openMenu, productId } from './support/shop';

useBrowser();

/** One row of the Order Summary (a dt/dd pair). */
function summary(page: Page, term: 'Product Total' | 'Items in Cart' | 'Shipping' | 'Total Price') {
  return page.locator(`xpath=//dt[normalize-space()="${term}"]/following-sibling::dd[1]`).textContent();
}

function cartItem(page: Page, name: string) {
  return page
    .getByRole('main')
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
}

async function emptyCartFromMenu(page: Page): Promise<void> {
  const panel = await openMenu(page, 'Cart');
  await panel.getByRole('button', { name: 'Empty Cart' }).click();
}

describe('cart', () => {
  test('badge, stepper floor, shipping fee and free shipping above $20,000, remove, Empty Cart', async () => {
    const { page, open } = await newShopper();
    await open('/cart');
    const main = page.getByRole('main');
    await expect.poll(() => main.getByText('Your cart is empty.').count()).toBe(1);
    await emptyCartFromMenu(page);
    await expect.poll(() => alertWith(page, 'Cart is already empty.').count()).toBe(1);

    // 4 x $4,999 = $19,996: at or under $20,000 the fee is $100.
    await addToCartFromPage(page, '4 Kişilik Kamp Çadırı');
    await expect.poll(() => cartBadge(page).textContent()).toBe('1');
    // A guest's Check Out leads to the cart.
    await (await openMenu(page, 'Cart')).getByRole('link', { name: 'Check Out' }).click();
    await cartShown(page);
    const tent = cartItem(page, '4 Kişilik Kamp Çadırı');
    const decrease = tent.getByRole('button', { name: 'Decrease quantity' });
    const increase = tent.getByRole('button', { name: 'Increase quantity' });
    // The floor: at 1 decrease does nothing (it is disabled).
    expect(await decrease.isDisabled()).toBe(true);
    expect(await tent.locator('output').textContent()).toBe('1');
    for (let quantity = 2; quantity <= 4; quantity += 1) {
      await increase.click();
      await expect.poll(() => tent.locator('output').textContent()).toBe(String(quantity));
    }
    await expect.poll(() => cartBadge(page).textContent()).toBe('4');
    expect(await summary(page, 'Product Total')).toBe('$19,996.00');
    expect(await summary(page, 'Items in Cart')).toBe('4');
    expect(await summary(page, 'Shipping')).toBe('$100.00');
    expect(await summary(page, 'Total Price')).toBe('$20,096.00');

    // One more: $24,995 is above the threshold, shipping is free (D1 label).
    await increase.click();
    await expect.poll(() => summary(page, 'Shipping')).toBe('Free (Order above $20,000)');
    expect(await summary(page, 'Product Total')).toBe('$24,995.00');
    expect(await summary(page, 'Total Price')).toBe('$24,995.00');
    expect(await cartBadge(page).textContent()).toBe('5');

    // Back down to 1, and no further.
    for (let quantity = 4; quantity >= 1; quantity -= 1) {
      await decrease.click();
      await expect.poll(() => tent.locator('output').textContent()).toBe(String(quantity));
    }
    expect(await decrease.isDisabled()).toBe(true);
    expect(await summary(page, 'Shipping')).toBe('$100.00');

    // A second product; then remove the tent through its overlay.
    await addToCartFromPage(page, 'USB-C Şarj Kablosu 1 m');
    await expect.poll(() => cartBadge(page).textContent()).toBe('2');
    await page.goto('/cart');
    const tentCard = cartItem(page, '4 Kişilik Kamp Çadırı');
    await tentCard.hover();
    await tentCard.getByRole('button', { name: 'Remove: 4 Kişilik Kamp Çadırı' }).click();
    await expect.poll(() => alertWith(page, 'Product removed from cart!').count()).toBe(1);
    await expect.poll(() => tentCard.count()).toBe(0);
    expect(await cartItem(page, 'USB-C Şarj Kablosu 1 m').count()).toBe(1);
    await expect.poll(() => cartBadge(page).textContent()).toBe('1');
    expect(await summary(page, 'Total Price')).toBe('$249.90');

    // Empty Cart: now empty, then already empty.
    await emptyCartFromMenu(page);
    await expect.poll(() => alertWith(page, 'Cart is now empty.').count()).toBe(1);
    await expect.poll(() => main.getByText('Your cart is empty.').count()).toBe(1);
    expect(await cartBadge(page).count()).toBe(0);
    await emptyCartFromMenu(page);
    await expect.poll(() => alertWith(page, 'Cart is already empty.').count()).toBeGreaterThan(0);
  });

  test('the cart survives a reload', async () => {
    const { page } = await newShopper();
    await addToCartFromPage(page, 'Bakır Cezve');
    await addToCartFromPage(page, 'Bakır Cezve');
    await addToCartFromPage(page, 'Bisiklet Kaskı');
    await expect.poll(() => cartBadge(page).textContent()).toBe('3');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cartItems') ?? '[]') as Record<string, unknown>[]);
    expect(stored.map(({ prodName, quantity }) => ({ prodName, quantity }))).toEqual([
      { prodName: 'Bakır Cezve', quantity: 2 },
      { prodName: 'Bisiklet Kaskı', quantity: 1 },
    ]);
    // D15: SPEC's shape, the product as the API sends it (prodImg1..N) plus quantity.
    expect(stored[0]).toMatchObject({
      _id: expect.any(String),
      prodPrice: 399,
      prodImg1: expect.any(String),
      prodImg2: expect.any(String),
    });
    expect(stored[0]).not.toHaveProperty('images');

    await page.goto('/cart');
    await page.reload();
    await expect.poll(() => cartBadge(page).textContent()).toBe('3');
    expect(await cartItem(page, 'Bakır Cezve').locator('output').textContent()).toBe('2');
    expect(await cartItem(page, 'Bisiklet Kaskı').locator('output').textContent()).toBe('1');
    expect(await summary(page, 'Product Total')).toBe('$1,697.00');
  });

  test('a corrupt stored cart starts empty, and the shop keeps working', async () => {
    const { page, open } = await newShopper();
    await open('/cart');
    for (const corrupt of ['{not json', '[{"_id":"x","quantity":0}]', '"a string"']) {
      await page.evaluate((value) => localStorage.setItem('cartItems', value), corrupt);
      await page.reload();
      const main = page.getByRole('main');
      await expect.poll(() => main.getByText('Your cart is empty.').count()).toBe(1);
      expect(await page.getByText('Unexpected Application Error!').count()).toBe(0);
      expect(await cartBadge(page).count()).toBe(0);
    }
    await addToCartFromPage(page, 'Bakır Cezve');
    await expect.poll(() => cartBadge(page).textContent()).toBe('1');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cartItems') ?? 'null') as { prodName: string }[]);
    expect(stored.map((item) => item.prodName)).toEqual(['Bakır Cezve']);
  });

  test('D25: the cart page marks what can no longer be bought as it stands, and lines of one product and variant read as one', async () => {
    type Variant = { _id: string; label: string; stock: number };
    const product = async (name: string) =>
      (await (await fetch(`${inject('baseUrl')}/api/product/${await productId(name)}`)).json()) as {
        _id: string;
        prodName: string;
        prodPrice: number;
        prodStock?: number;
        prodVariants?: Variant[];
      };
    const shirt = await product('Basic Pamuklu Tişört');
    const soldOut = shirt.prodVariants!.find((variant) => variant.stock === 0)!;
    const plenty = shirt.prodVariants!.find((variant) => variant.stock > 3)!;
    const board = await product('Ceviz Tavla Takımı');
    const line = (of: typeof shirt, quantity: number, variant?: Variant) => ({
      _id: of._id,
      prodName: of.prodName,
      prodPrice: of.prodPrice,
      quantity,
      ...(variant ? { variantId: variant._id, variantLabel: variant.label } : {}),
    });
    const stored = [
      line(shirt, 1, soldOut),
      line(shirt, 1, plenty),
      line(board, board.prodStock! + 1),
      { _id: 'ffffffffffffffffffffffff', prodName: 'Eski Seri Termos', prodPrice: 349, quantity: 1 },
      line(shirt, 2, plenty),
    ];
    const { page } = await newShopper();
    await page.addInitScript((cart) => localStorage.setItem('cartItems', cart), JSON.stringify(stored));
    await page.goto('/cart');
    await cartShown(page);
    const warning = (name: string) =>
      page.getByRole('main').getByRole('article', { name, exact: true }).locator('.cart-item__warning').textContent();
    // Each product's answer comes on its own: each line is marked once its own has come.
    await expect.poll(() => warning('Eski Seri Termos')).toBe('No longer available');
    await expect.poll(() => warning(`Basic Pamuklu Tişört ${soldOut.label}`)).toBe('Stokta yok');
    await expect.poll(() => warning('Ceviz Tavla Takımı')).toBe(board.prodStock === 0 ? 'Stokta yok' : `Only ${board.prodStock} left`);
    expect(await warning(`Basic Pamuklu Tişört ${plenty.label}`)).toBe('');
    // The two stored lines of one variant are one line of 3.
    expect(await page.getByRole('main').getByRole('article').count()).toBe(4);
    const stepper = page.getByRole('group', { name: `Quantity: Basic Pamuklu Tişört (${plenty.label})` });
    expect(await stepper.locator('output').textContent()).toBe('3');
    expect(await page.getByRole('button', { name: 'Proceed to Checkout' }).isEnabled()).toBe(true);
  });
});
