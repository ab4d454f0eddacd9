import { readFileSync } from 'node:fs';
import { describe, expect, inject, test } from 'vitest';
import { newShopper, useBrowser } from './support/browser';
import { linkPath, waitForMail } from './support/outbox';
import { alertWith, api, backHome, GOOD_PASSWORD, logIn, openMenu, uniqueEmail } from './support/shop';

useBrowser();

const CHANGED_PASSWORD = 'Changed#Blue25';
const RESET_PASSWORD = 'Reset#2026ok';

describe('account', () => {
  test('sign up, verify by mail with the profile flipping in another tab, change, log out, reset, log in', async () => {
    const { page, context } = await newShopper();
    const email = uniqueEmail('journey');

    // Sign up: logged in at once with the same credentials, then home.
    await page.goto('/authpopup?tab=signup');
    const signUp = page.getByRole('tabpanel');
    await signUp.getByLabel('Username').fill('journey');
    await signUp.getByLabel('Email').fill(email);
    await signUp.getByLabel('Password').fill(GOOD_PASSWORD);
    await signUp.getByRole('checkbox', { name: 'I accept the GDPR rules' }).check();
    await signUp.getByRole('button', { name: 'Sign Up' }).click();
    await backHome(page);

    // The profile, unverified; ask for the verification mail.
    await (await openMenu(page, 'Profile')).getByRole('link', { name: 'Edit Profile' }).click();
    await page.waitForURL('**/profile');
    const main = page.getByRole('main');
    await main.getByText('Please verify your email address').waitFor();
    await main.getByRole('button', { name: 'Verify Email Address' }).click();
    await alertWith(page, 'An email has been sent to your email address. Please click the verification link in the mail.').waitFor();
    const verifyMail = await waitForMail(email, /verify/i);

    // The link opens in another tab; the profile tab flips by itself (real-time event, D12).
    const other = await context.newPage();
    await other.goto(linkPath(verifyMail, /\/verify-email\//));
    await other.getByText('Your email address is verified successfully.').waitFor();
    await main.getByText('Your email address is verified', { exact: true }).waitFor();
    expect(await main.getByRole('button', { name: 'Verify Email Address' }).count()).toBe(0);
    await other.close();

    // Change the password (D5: with the current one); the section collapses.
    await main.getByRole('button', { name: 'Change Password' }).click();
    await main.getByLabel('Current Password').fill(GOOD_PASSWORD);
    await main.getByLabel('New Password').fill(CHANGED_PASSWORD);
    await main.getByLabel('Confirm Password').fill(CHANGED_PASSWORD);
    await main.getByRole('button', { name: 'Update Password' }).click();
    await expect.poll(() => main.getByLabel('New Password').count()).toBe(0);
    expect(await main.getByRole('button', { name: 'Change Password' }).getAttribute('aria-expanded')).toBe('false');

    // Log out: home, and the profile no longer renders.
    await (await openMenu(page, 'Profile')).getByRole('button', { name: 'Logout' }).click();
    await backHome(page);

    // Forgot password by mail, then reset through the link's popup.
    await page.goto('/authpopup');
    const login = page.getByRole('tabpanel');
    await login.getByLabel('Email').fill(email);
    await login.getByRole('button', { name: 'Forgot Password' }).click();
    const resetMail = await waitForMail(email, /reset/i);
    await page.goto(linkPath(resetMail, /\/reset-password\//));
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
    await page.getByLabel('New Password').fill(RESET_PASSWORD);
    await page.getByLabel('Confirm Password').fill(RESET_PASSWORD);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await backHome(page);

    // The old password no longer works; the new one does.
    await page.goto('/authpopup');
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password').fill(CHANGED_PASSWORD);
    await login.getByRole('button', { name: 'Login', exact: true }).click();
    await alertWith(page, 'Error during login: ').first().waitFor();
    await logIn(page, { email, password: RESET_PASSWORD });
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Personal Info', exact: true }).waitFor();
    await page.getByText('Your email address is verified', { exact: true }).waitFor();
  });
});

describe('your data (D24)', () => {
  test('sign up without marketing, opt in from the profile, download the data, delete the account', async () => {
    const { page } = await newShopper();
    const email = uniqueEmail('data');

    // Sign up: the GDPR tick acknowledges the privacy notice; the marketing box stays unticked.
    await page.goto('/authpopup?tab=signup');
    const signUp = page.getByRole('tabpanel');
    await signUp.getByLabel('Username').fill('data');
    await signUp.getByLabel('Email').fill(email);
    await signUp.getByLabel('Password').fill(GOOD_PASSWORD);
    await signUp.getByRole('checkbox', { name: 'I accept the GDPR rules' }).check();
    expect(await signUp.getByRole('checkbox', { name: /I would like to receive campaigns and offers/ }).isChecked()).toBe(false);
    await signUp.getByRole('button', { name: 'Sign Up' }).click();
    await backHome(page);

    // An order, placed through the API as the shop places it (the contract read and accepted).
    const { accessToken } = await api('/api/users/login', 'POST', { email, password: GOOD_PASSWORD });
    const token = String(accessToken);
    const saved = await api(
      '/api/users/update-address',
      'PUT',
      { addressName: 'Ev', receiverName: 'Ada Veri', countryName: 'Türkiye' },
      token,
    );
    const products = (await (
      await fetch(`${inject('baseUrl')}/api/product`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    ).json()) as { _id: string; prodPrice?: number }[];
    const request = {
      lines: [{ _id: products.find((product) => product.prodPrice !== undefined)?._id, quantity: 1 }],
      billingAddressId: saved._newId,
      shippingAddressId: saved._newId,
      paymentMethod: 'cash-on-delivery',
    };
    const { contract } = (await api('/api/orders/contract', 'POST', request, token)) as { contract: { version: string; sha256: string } };
    const placed = await fetch(`${inject('baseUrl')}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': `e2e-data-${Date.now()}` },
      body: JSON.stringify({ ...request, contractAcceptance: { accepted: true, ...contract } }),
    });
    const { order } = (await placed.json()) as { order: { _id: string } };

    // The profile: the privacy notice acknowledged; marketing turned on there.
    await page.goto('/profile');
    const privacy = page.getByRole('region', { name: 'Privacy and Your Data' });
    await expect.poll(() => privacy.getByText(/^Privacy Notice \(Aydınlatma Metni\) version [\w-]+, acknowledged on/).count()).toBe(1);
    const marketing = privacy.getByRole('checkbox', { name: 'Receive campaigns and offers (marketing messages)' });
    expect(await marketing.isChecked()).toBe(false);
    await marketing.check();
    await expect.poll(() => privacy.getByText(/^Given \(consent text version/).count()).toBe(1);

    // Download my data: a JSON file with the consents and the order.
    const downloading = page.waitForEvent('download');
    await privacy.getByRole('button', { name: 'Download my data' }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/^storefront-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(readFileSync(await file.path(), 'utf8')) as {
      profile: { email: string };
      orders: { _id: string; contract: unknown }[];
      consents: { kind: string; granted: boolean }[];
    };
    expect(data.profile.email).toBe(email);
    expect(data.orders.map((kept) => kept._id)).toEqual([order._id]);
    expect(data.orders[0]?.contract).toBeTruthy();
    expect(data.consents.map((consent) => [consent.kind, consent.granted])).toEqual([
      ['privacy-notice', true],
      ['marketing', false],
      ['marketing', true],
    ]);

    // Delete my account: the password asked again; then the shop is signed out and login is refused.
    await privacy.getByRole('button', { name: 'Delete my account' }).click();
    await privacy.getByLabel('Your password').fill(GOOD_PASSWORD);
    await privacy.getByRole('button', { name: 'Delete my account permanently' }).click();
    await expect.poll(() => alertWith(page, 'Your account has been deleted.').count()).toBe(1);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    const login = await fetch(`${inject('baseUrl')}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: GOOD_PASSWORD }),
    });
    expect(login.status).toBe(401);
    const mail = await waitForMail(email, /Your account has been deleted/);
    expect(mail.text).toContain('Your orders are kept for the tax records');
  });
});
