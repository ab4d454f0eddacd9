import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { newShopper, useBrowser } from './support/browser';
import { linkPath, waitForMail } from './support/outbox';
import { addToCartFromPage, alertWith, logIn, openMenu, registerAccount, uniqueEmail } from './support/shop';

useBrowser();

interface NewAddress {
  name: string;
  type: 'Home' | 'Work';
  receiver: string;
  city: string;
  district: string;
  neighbourhood: string;
  street: string;
  postalCode: string;
  isDefault?: boolean;
}

/** Chooses the first option whose text matches (country names vary between data versions). */
async function chooseOption(select: Locator, text: RegExp | string): Promise<void> {
  const option = select.locator('option').filter({ hasText: text }).first();
  await expect.poll(() => option.count()).toBe(1);
  // The option's value as the form reads it (its text when it has no value attribute, as the
  // browser's renderer leaves an option whose value is its text).
  await select.selectOption(await option.evaluate((element: HTMLOptionElement) => element.value));
}

/** The one open address form (new or edited tile). */
function openForm(page: Page): Locator {
  return page.getByRole('main').locator('form.address-form');
}

async function fillAddress(page: Page, address: NewAddress): Promise<void> {
  const form = openForm(page);
  await form.getByLabel('Address Name').fill(address.name);
  await form.getByLabel('Address Type').selectOption({ label: address.type });
  await form.getByLabel('Receiver Name').fill(address.receiver);
  await chooseOption(form.getByLabel('Country', { exact: true }), /^(Turkey|Türkiye)$/);
  await chooseOption(form.getByLabel('Country Code'), /^(Turkey|Türkiye) \(/);
  // Digits only: letters typed into the phone parts are dropped.
  await form.getByLabel('Area Code').pressSequentially('2a1b6');
  expect(await form.getByLabel('Area Code').inputValue()).toBe('216');
  await form.getByLabel('Phone Number').fill('5551234');
  await form.getByLabel('Address Details').fill('Kapı kodu 1234\nZil çalışmıyor');
  // The cascade: each choice loads the next list from the reference endpoints.
  await chooseOption(form.getByLabel('City'), new RegExp(`^${address.city}$`));
  await chooseOption(form.getByLabel('District'), new RegExp(`^${address.district}$`));
  await chooseOption(form.getByLabel('Neighbourhood'), new RegExp(`^${address.neighbourhood}$`));
  await form.getByLabel('Street or Avenue').fill(address.street);
  await form.getByLabel('Building').fill('12');
  await form.getByLabel('Apartment').fill('3');
  await form.getByLabel('Postal Code').fill(address.postalCode);
  if (address.isDefault) await form.getByRole('checkbox', { name: 'Default address' }).check();
}

async function saveForm(page: Page): Promise<void> {
  await openForm(page).getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => alertWith(page, 'Address information updated successfully!').count()).toBeGreaterThan(0);
  await expect.poll(() => openForm(page).count()).toBe(0);
  // Reconciled with the server's id: nothing waits any more.
  await expect.poll(() => page.getByRole('main').locator('article[aria-busy="true"]').count()).toBe(0);
  await page
    .getByRole('button', { name: 'Dismiss' })
    .first()
    .click()
    .catch(() => undefined);
}

async function addAddress(page: Page, address: NewAddress): Promise<void> {
  await page.getByRole('button', { name: 'Add New Address' }).click();
  await fillAddress(page, address);
  await saveForm(page);
}

function tile(page: Page, name: string): Locator {
  return page.getByRole('main').getByRole('article', { name, exact: true });
}

async function savedNames(page: Page): Promise<string[]> {
  return page.getByRole('list', { name: 'Saved addresses' }).getByRole('heading', { level: 3 }).allTextContents();
}

async function summaryLines(box: Locator): Promise<string[]> {
  return box.locator('.address-summary__line').allTextContents();
}

const HOME: NewAddress = {
  name: 'Ev',
  type: 'Home',
  receiver: 'Ayşe Yılmaz',
  city: 'İstanbul',
  district: 'Kadıköy',
  neighbourhood: 'Caferağa',
  street: 'Moda Caddesi',
  postalCode: '34710',
  isDefault: true,
};
/** HOME's summary lines, as a tile and an address box show them (country in English or Turkish). */
const HOME_SUMMARY = ['Moda Caddesi', 'Caferağa', 'Kadıköy', 'İstanbul', expect.stringMatching(/^(Turkey|Türkiye)$/), '34710'];
const WORK: NewAddress = {
  name: 'İş',
  type: 'Work',
  receiver: 'Ayşe Yılmaz',
  city: 'Ankara',
  district: 'Çankaya',
  neighbourhood: 'Kızılay',
  street: 'Atatürk Bulvarı',
  postalCode: '06420',
};
const SUMMER: NewAddress = {
  name: 'Yazlık',
  type: 'Home',
  receiver: 'Mehmet Yılmaz',
  city: 'İzmir',
  district: 'Konak',
  neighbourhood: 'Alsancak',
  street: 'Kıbrıs Şehitleri Caddesi',
  postalCode: '35220',
};

describe('addresses and checkout', () => {
  test('add, make default, edit and delete addresses, then choose billing and shipping at checkout', async () => {
    const { page } = await newShopper();
    const account = await registerAccount('addresses');
    await logIn(page, account);
    await addToCartFromPage(page, 'Türk Kahvesi Makinesi');
    await (await openMenu(page, 'Profile')).getByRole('link', { name: 'Edit Profile' }).click();
    await page.waitForURL('**/profile');
    const main = page.getByRole('main');
    await expect.poll(() => main.getByText('No addresses found.').count()).toBe(1);

    await addAddress(page, HOME);
    expect(await summaryLines(tile(page, 'Ev'))).toEqual(HOME_SUMMARY);
    expect(await tile(page, 'Ev').getByText('Default', { exact: true }).count()).toBe(1);
    await addAddress(page, WORK);
    // Newest first.
    expect(await savedNames(page)).toEqual(['İş', 'Ev']);

    // The second becomes the default (an edit): the first loses it.
    await tile(page, 'İş').getByRole('button', { name: 'Edit İş' }).click();
    const form = openForm(page);
    // The edit form shows the saved cascade.
    expect(await form.getByLabel('City').locator('option:checked').textContent()).toBe('Ankara');
    expect(await form.getByLabel('Neighbourhood').locator('option:checked').textContent()).toBe('Kızılay');
    await form.getByRole('checkbox', { name: 'Default address' }).check();
    await form.getByLabel('Street or Avenue').fill('Gazi Mustafa Kemal Bulvarı');
    await saveForm(page);
    expect(await tile(page, 'İş').getByText('Default', { exact: true }).count()).toBe(1);
    expect(await tile(page, 'Ev').getByText('Default', { exact: true }).count()).toBe(0);
    expect((await summaryLines(tile(page, 'İş')))[0]).toBe('Gazi Mustafa Kemal Bulvarı');

    // A third, deleted again: No keeps it, Yes deletes it on the server.
    await addAddress(page, SUMMER);
    expect(await savedNames(page)).toEqual(['Yazlık', 'İş', 'Ev']);
    await tile(page, 'Yazlık').getByRole('button', { name: 'Delete Yazlık' }).click();
    const confirm = page.getByRole('dialog', { name: 'Please confirm' });
    await expect.poll(() => confirm.getByText('Are you sure you want to delete this address?').count()).toBe(1);
    await confirm.getByRole('button', { name: 'No' }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    expect(await savedNames(page)).toEqual(['Yazlık', 'İş', 'Ev']);
    await tile(page, 'Yazlık').getByRole('button', { name: 'Delete Yazlık' }).click();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => alertWith(page, 'Address deleted successfully!').count()).toBe(1);
    await expect.poll(() => savedNames(page)).toEqual(['İş', 'Ev']);

    // All of it is on the server: a reload shows the same book.
    await page.reload();
    await expect.poll(() => savedNames(page)).toEqual(['İş', 'Ev']);
    expect(await tile(page, 'İş').getByText('Default', { exact: true }).count()).toBe(1);
    expect(await summaryLines(tile(page, 'Ev'))).toContain('Caferağa');

    // Checkout: the default is preselected in both boxes; billing is changed to Ev.
    await (await openMenu(page, 'Cart')).getByRole('link', { name: 'Check Out' }).click();
    await page.waitForURL('**/check-out');
    const billing = main.getByRole('region', { name: 'Billing Address' });
    const shipping = main.getByRole('region', { name: 'Shipping Address' });
    await expect.poll(() => summaryLines(billing)).toContain('Kızılay');
    expect(await summaryLines(shipping)).toContain('Kızılay');
    expect(await main.getByText('Türk Kahvesi Makinesi').count()).toBeGreaterThan(0);
    expect(await main.getByRole('heading', { name: 'Order Summary' }).count()).toBe(1);

    await billing.getByRole('button', { name: 'Remove Billing Address' }).click();
    await billing.getByRole('button', { name: '+ Add Billing Address' }).click();
    const picker = page.getByRole('dialog', { name: 'Billing Address' });
    const options = picker.getByRole('list', { name: 'Saved Addresses' }).getByRole('button');
    await expect.poll(() => options.count()).toBe(2);
    await options.filter({ hasText: 'Caferağa' }).click();
    await expect.poll(() => picker.count()).toBe(0);
    expect(await summaryLines(billing)).toEqual(HOME_SUMMARY);
    expect(await summaryLines(shipping)).toContain('Kızılay');

    // Shipping: removed, the picker closed without a choice, then chosen.
    await shipping.getByRole('button', { name: 'Remove Shipping Address' }).click();
    await shipping.getByRole('button', { name: '+ Add Shipping Address' }).click();
    const shippingPicker = page.getByRole('dialog', { name: 'Shipping Address' });
    await shippingPicker.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => shippingPicker.count()).toBe(0);
    expect(await summaryLines(shipping)).toEqual([]);
    await shipping.getByRole('button', { name: '+ Add Shipping Address' }).click();
    await shippingPicker.getByRole('list', { name: 'Saved Addresses' }).getByRole('button').filter({ hasText: 'Kızılay' }).click();
    await expect.poll(() => summaryLines(shipping)).toContain('Kızılay');
    expect(await summaryLines(billing)).toContain('Caferağa');

    // Check Out places the order (D19) with both chosen addresses, once the contract is accepted (D24), and opens it.
    await main.getByRole('checkbox', { name: /I have read and accept the Pre-Information Form/ }).check();
    await main.getByRole('button', { name: 'Check Out' }).click();
    await page.waitForURL(/\/orders\/[0-9a-f]{24}$/);
    await expect
      .poll(() =>
        main
          .getByRole('status')
          .filter({ hasText: /has been placed/ })
          .count(),
      )
      .toBe(1);
    expect(await main.getByRole('region', { name: 'Billing Address' }).getByText('Caferağa').count()).toBe(1);
    expect(await main.getByRole('region', { name: 'Shipping Address' }).getByText('Kızılay').count()).toBe(1);
  });

  test('a guest meets the checkout modal; guest verification mail: 400 when registered, 409 when already sent', async () => {
    const { page, context } = await newShopper();
    const registered = await registerAccount('guest-registered');
    const guestEmail = uniqueEmail('guest');
    await addToCartFromPage(page, 'Bakır Cezve');
    await page.goto('/cart');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Proceed to Checkout' }).click();
    const modal = page.getByRole('dialog', { name: 'Sign in to check out' });
    await modal.waitFor();
    expect(await modal.getByLabel('Email', { exact: true }).getAttribute('type')).toBe('email');
    expect(await modal.getByLabel('Password').getAttribute('type')).toBe('password');
    await modal.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => modal.count()).toBe(0);

    await main.getByRole('button', { name: 'Proceed to Checkout' }).click();
    expect(await modal.getByLabel('Guest email').count()).toBe(0);
    await modal.getByRole('button', { name: 'Continue Without Signing In' }).click();
    const guestField = modal.getByLabel('Guest email');
    await guestField.fill(registered.email);
    await modal.getByRole('button', { name: 'Send Verification Email' }).click();
    await expect.poll(() => modal.getByText('Email address is already registered please log in', { exact: true }).count()).toBe(1);

    await guestField.fill(guestEmail);
    await modal.getByRole('button', { name: 'Send Verification Email' }).click();
    const mail = await waitForMail(guestEmail, /verify/i);
    await expect.poll(() => modal.getByRole('status').textContent()).toMatch(/verification email has been sent/);
    await modal.getByRole('button', { name: 'Send Verification Email' }).click();
    await expect
      .poll(() => modal.getByText('A verification email has already been sent. Please check your email.', { exact: true }).count())
      .toBe(1);

    // The guest link verifies the address without signing in.
    const other = await context.newPage();
    await other.goto(linkPath(mail, /\/verify-email-anonymous\//));
    await expect.poll(() => other.getByText('Your email address is verified successfully.').count()).toBe(1);
    await other.close();

    // Logging in inside the modal goes to checkout.
    await modal.getByLabel('Email', { exact: true }).fill(registered.email);
    await modal.getByLabel('Password').fill(registered.password);
    await modal.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL('**/check-out');
    await expect.poll(() => main.getByRole('region', { name: 'Billing Address' }).count()).toBe(1);
  });
});
