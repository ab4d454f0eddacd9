import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { newAddress } from '../../contracts/support/wire-examples';
import type { Address } from '@shop/core/domain/address';
import { DESKTOP, PHONE, newShopper, useBrowser } from './support/browser';
import { waitForMail } from './support/outbox';
import { type Account, addToCartFromPage, alertWith, api, cartBadge, logIn, registerAccount } from './support/shop';

useBrowser();

/** A saved address (the contract's example, renamed), stored straight through the API: this journey is about orders. */
function address(addressName: string, streetOrAvenue: string, isDefaultAddress: boolean): Address {
  return newAddress({ addressName, streetOrAvenue, isDefaultAddress });
}

/** An account with two saved addresses: Ev (default) and İş. */
async function shopperWithAddresses(prefix: string): Promise<Account> {
  const account = await registerAccount(prefix);
  const { accessToken } = await api('/api/users/login', 'POST', { email: account.email, password: account.password });
  await api('/api/users/update-address', 'PUT', address('Ev', 'Moda Caddesi', true), String(accessToken));
  await api('/api/users/update-address', 'PUT', address('İş', 'Bahariye Caddesi', false), String(accessToken));
  return account;
}

/** Nothing is wider than the screen (no sideways scrolling on a phone). */
async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

describe('orders', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    test(`add to cart, sign in, pick addresses and payment, check out, see the order, cancel it (${name})`, async () => {
      const { page } = await newShopper({ viewport });
      const account = await shopperWithAddresses(`orders-${name}`);
      await logIn(page, account);
      await addToCartFromPage(page, 'Türk Kahvesi Makinesi');
      await page.goto('/check-out');
      const main = page.getByRole('main');

      // Billing keeps the default; shipping goes to İş.
      const shipping = main.getByRole('region', { name: 'Shipping Address' });
      await shipping.getByRole('button', { name: 'Remove Shipping Address' }).click();
      await shipping.getByRole('button', { name: '+ Add Shipping Address' }).click();
      const picker = page.getByRole('dialog', { name: 'Shipping Address' });
      await picker.getByRole('list', { name: 'Saved Addresses' }).getByRole('button').filter({ hasText: 'Bahariye Caddesi' }).click();
      await expect.poll(() => shipping.getByText('Bahariye Caddesi').count()).toBe(1);

      const payment = main.getByRole('group', { name: 'Payment Method' });
      await payment.getByRole('radio', { name: 'Card on delivery' }).check();

      // D24: the pre-information form and the distance sales contract for this cart, unticked;
      // Check Out without the tick sends nothing and says what is missing.
      const contract = main.getByRole('region', { name: 'Ön Bilgilendirme Formu ve Mesafeli Satış Sözleşmesi' });
      const accept = contract.getByRole('checkbox', { name: /I have read and accept the Pre-Information Form/ });
      await accept.waitFor();
      expect(await accept.isChecked()).toBe(false);
      await contract.getByText('Mesafeli Satış Sözleşmesi', { exact: true }).click();
      await expect
        .poll(() => contract.locator('#document-distance-sales').getByText('Ödeme şekli: Card on delivery').isVisible())
        .toBe(true);
      await main.getByRole('button', { name: 'Check Out' }).click();
      await expect
        .poll(() => main.getByRole('alert').filter({ hasText: 'Please read and accept the Pre-Information Form' }).count())
        .toBe(1);
      expect(new URL(page.url()).pathname).toBe('/check-out');
      await accept.check();
      await main.getByRole('button', { name: 'Check Out' }).click();

      // The order opens with a confirmation; the cart is empty.
      await page.waitForURL(/\/orders\/[0-9a-f]{24}$/);
      const confirmation = main.getByRole('status').filter({ hasText: /Thank you! Your order SF-\d+ has been placed\./ });
      await expect.poll(() => confirmation.count()).toBe(1);
      const orderNumber = /SF-\d+/.exec((await confirmation.textContent()) ?? '')?.[0] ?? '';
      expect(await main.getByRole('heading', { level: 1, name: `Order ${orderNumber}` }).count()).toBe(1);
      // Exact: the accepted contract below names both too (D24).
      expect(await main.getByText('Card on delivery', { exact: true }).count()).toBe(1);
      expect(await main.getByText('Türk Kahvesi Makinesi', { exact: true }).count()).toBe(1);
      expect(await main.getByRole('region', { name: 'Shipping Address' }).getByText('Bahariye Caddesi').count()).toBe(1);
      expect(await cartBadge(page).count()).toBe(0);
      expect(await fitsWidth(page)).toBe(true);

      // The accepted contract is shown again with the order, and the confirmation mail carries it (D24).
      const accepted = main.getByRole('region', { name: 'Ön Bilgilendirme Formu ve Mesafeli Satış Sözleşmesi' });
      expect(await accepted.getByText(/^Accepted on .* \(text version [\w-]+\)\.$/).count()).toBe(1);
      const mail = await waitForMail(account.email, new RegExp(`Your order ${orderNumber}`));
      expect(mail.text).toContain('Mesafeli Satış Sözleşmesi');
      expect(mail.text).toContain('Türk Kahvesi Makinesi');
      expect(mail.html).toContain('<h2>Ön Bilgilendirme Formu</h2>');

      // The list shows it, placed; its number opens it again.
      await page.goto('/orders');
      const row = main.getByRole('row').filter({ hasText: orderNumber });
      await expect.poll(() => row.count()).toBe(1);
      expect(await row.getByText('Placed').count()).toBe(1);
      expect(await row.getByText('1 item').count()).toBe(1);
      expect(await fitsWidth(page)).toBe(true);
      await row.getByRole('link', { name: orderNumber }).click();
      await page.waitForURL(/\/orders\/[0-9a-f]{24}$/);

      // Cancel order asks first (D14): No keeps it, Yes cancels it on the server.
      await main.getByRole('button', { name: 'Cancel order' }).click();
      const confirm = page.getByRole('dialog', { name: 'Please confirm' });
      await expect.poll(() => confirm.getByText(`Are you sure you want to cancel order ${orderNumber}?`).count()).toBe(1);
      await confirm.getByRole('button', { name: 'No' }).click();
      expect(await main.getByText('Placed', { exact: true }).count()).toBe(1);
      await main.getByRole('button', { name: 'Cancel order' }).click();
      await confirm.getByRole('button', { name: 'Yes' }).click();
      await expect.poll(() => alertWith(page, 'Your order has been cancelled.').count()).toBe(1);
      await expect.poll(() => main.getByText('Cancelled', { exact: true }).count()).toBe(1);
      expect(await main.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
      await page.reload();
      await expect.poll(() => main.getByText('Cancelled', { exact: true }).count()).toBe(1);
    });
  }
});
