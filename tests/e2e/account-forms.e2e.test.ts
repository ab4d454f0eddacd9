import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { newShopper, useBrowser } from './support/browser';
import { linkPath, waitForMail } from './support/outbox';
import { alertWith, backHome, GOOD_PASSWORD, logIn, openMenu, profileMenuItems, registerAccount, uniqueEmail } from './support/shop';

useBrowser();

// The full story (sign up, verify in another tab, change, reset, log in) is account.e2e.test.ts;
// these journeys pin the gates and messages around it.

/** Counts the requests to one API path, from now on. */
function countRequests(page: Page, pathname: string): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === pathname) count += 1;
  });
  return () => count;
}

/** One live password rule: its text and whether it is marked met. */
async function rules(form: Locator): Promise<Record<string, boolean>> {
  const items = form.getByRole('list').getByRole('listitem');
  const result: Record<string, boolean> = {};
  for (const item of await items.all()) {
    const text = (await item.textContent()) ?? '';
    const name = text
      .replace(/[✓✗]/g, '')
      .replace(/\((not )?met\)/, '')
      .trim();
    result[name] = /\(met\)/.test(text);
  }
  return result;
}

describe('account forms', () => {
  test('sign-up without GDPR sends nothing; with it the shopper is logged in; logout; login failure', async () => {
    const { page, open } = await newShopper();
    const registers = countRequests(page, '/api/users/register');
    const email = uniqueEmail('gdpr');
    await open('/');
    await (await openMenu(page, 'Profile')).getByRole('link', { name: 'Sign Up' }).click();
    await page.waitForURL('**/authpopup?tab=signup');
    expect(await page.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).toBe('true');
    const form = page.getByRole('tabpanel');
    await form.getByLabel('Username').fill('gdpr');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(GOOD_PASSWORD);
    await form.getByRole('button', { name: 'Sign Up' }).click();
    await expect.poll(() => alertWith(page, 'You must accept the GDPR rules to proceed.').count()).toBe(1);
    expect(registers()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/authpopup');

    // With GDPR ticked: registered and logged in with the same credentials, then home.
    await form.getByRole('checkbox', { name: 'I accept the GDPR rules' }).check();
    await form.getByRole('button', { name: 'Sign Up' }).click();
    await backHome(page);
    expect(registers()).toBe(1);
    expect(await profileMenuItems(page)).toEqual(['Edit Profile', 'Orders', 'Logout']);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).not.toBeNull();

    // Logout: tokens gone, the menu offers Login again. The shop goes home once the server has
    // been told (SPEC 4): wait for that, or it would take the shopper off the next page.
    const toldServer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/users/logout');
    await (await openMenu(page, 'Profile')).getByRole('button', { name: 'Logout' }).click();
    await toldServer;
    await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    expect(await profileMenuItems(page)).toEqual(['Login', 'Sign Up']);

    // A wrong password: SPEC's prefix with the server's message; still on the popup.
    await (await openMenu(page, 'Profile')).getByRole('link', { name: 'Login' }).click();
    await page.waitForURL('**/authpopup');
    const login = page.getByRole('tabpanel');
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password').fill('Wrong#Password1');
    await login.getByRole('button', { name: 'Login', exact: true }).click();
    await expect.poll(() => alertWith(page, 'Error during login: Invalid email or password.').count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/authpopup');
    expect(await profileMenuItems(page)).toEqual(['Login', 'Sign Up']);

    // The right one logs in.
    await login.getByLabel('Password').fill(GOOD_PASSWORD);
    await login.getByRole('button', { name: 'Login', exact: true }).click();
    await backHome(page);
    expect(await profileMenuItems(page)).toEqual(['Edit Profile', 'Orders', 'Logout']);
  });

  test('password change: live rules, blocked until complete, current password checked, then the new one works', async () => {
    const { page } = await newShopper();
    const account = await registerAccount('rules');
    await logIn(page, account);
    await page.goto('/profile');
    const main = page.getByRole('main');
    const toggle = main.getByRole('button', { name: 'Change Password' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await main.getByLabel('New Password').count()).toBe(0);
    await toggle.click();
    const form = main.locator('form.password-form');

    await form.getByLabel('Current Password').fill(account.password);
    await form.getByLabel('New Password').fill('abc');
    await form.getByLabel('Confirm Password').fill('abd');
    expect(await rules(form)).toEqual({
      'At least 8 characters': false,
      'At least 1 uppercase letter': false,
      'At least 1 lowercase letter': true,
      'At least 1 digit': false,
      'At least 1 special character (!@#$%^&*(),.?":{}|<>)': false,
      'Passwords match': false,
    });
    const updates = countRequests(page, '/api/users/update-password');
    await form.getByRole('button', { name: 'Update Password' }).click();
    await expect.poll(() => alertWith(page, 'Cannot update password without a complete validation.').count()).toBe(1);
    expect(await main.getByText('Complete all password validation rules to enable update.').count()).toBe(1);
    expect(updates()).toBe(0);

    // Each rule turns green as it is met.
    await form.getByLabel('New Password').fill('Abcdefg1');
    expect(await rules(form)).toMatchObject({
      'At least 8 characters': true,
      'At least 1 uppercase letter': true,
      'At least 1 digit': true,
    });
    expect((await rules(form))['At least 1 special character (!@#$%^&*(),.?":{}|<>)']).toBe(false);
    const next = 'Abcdefg1!Mavi';
    await form.getByLabel('New Password').fill(next);
    await form.getByLabel('Confirm Password').fill(next);
    expect(Object.values(await rules(form)).every(Boolean)).toBe(true);

    // D5: a wrong current password is refused by the server, with its message.
    await form.getByLabel('Current Password').fill('Not#Current1');
    await form.getByRole('button', { name: 'Update Password' }).click();
    await expect.poll(() => alertWith(page, 'The current password is incorrect.').count()).toBe(1);

    await form.getByLabel('Current Password').fill(account.password);
    await form.getByRole('button', { name: 'Update Password' }).click();
    await expect.poll(() => alertWith(page, 'Password updated successfully!').count()).toBe(1);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    // Reopened, the fields are empty.
    await toggle.click();
    expect(await form.getByLabel('New Password').inputValue()).toBe('');

    await (await openMenu(page, 'Profile')).getByRole('button', { name: 'Logout' }).click();
    await backHome(page);
    await logIn(page, { email: account.email, password: next });
    expect(await profileMenuItems(page)).toEqual(['Edit Profile', 'Orders', 'Logout']);
  });

  test('forgot password asks for the email, mails a reset link, and the new password logs in', async () => {
    const { page, open } = await newShopper();
    const account = await registerAccount('forgot');
    const forgotCalls = countRequests(page, '/api/users/forgot-password');
    await open('/authpopup');
    const login = page.getByRole('tabpanel');
    await login.getByRole('button', { name: 'Forgot Password' }).click();
    await expect
      .poll(() =>
        alertWith(
          page,
          'To reset your password, you have to provide your registered email address.Please enter your email address and click the button again.',
        ).count(),
      )
      .toBe(1);
    expect(forgotCalls()).toBe(0);

    await login.getByLabel('Email').fill(account.email);
    await login.getByRole('button', { name: 'Forgot Password' }).click();
    await expect
      .poll(() => alertWith(page, 'If this email address is registered, a password reset link has been sent to it.').count())
      .toBe(1);
    const mail = await waitForMail(account.email, /reset your password/i);

    await page.goto(linkPath(mail, /\/reset-password\//));
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
    // The reset form asks for no current password (D5).
    expect(await page.getByLabel('Current Password').count()).toBe(0);
    const next = 'Reset#Pass42';
    await page.getByLabel('New Password').fill(next);
    await page.getByLabel('Confirm Password').fill(next);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await backHome(page);
    await expect.poll(() => alertWith(page, 'Password updated successfully!').count()).toBe(1);

    // The link works once.
    await page.goto(linkPath(mail, /\/reset-password\//));
    await page.getByLabel('New Password').fill('Again#Pass42');
    await page.getByLabel('Confirm Password').fill('Again#Pass42');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect.poll(() => page.getByRole('alert').count()).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toMatch(/^\/reset-password\//);

    await logIn(page, { email: account.email, password: next });
    expect(await profileMenuItems(page)).toEqual(['Edit Profile', 'Orders', 'Logout']);
  });
});
