import { describe, expect, test } from 'vitest';
import { newShopper, useBrowser } from './support/browser';
import { linkPath, waitForMail } from './support/outbox';
import { alertWith, backHome, GOOD_PASSWORD, logIn, openMenu, uniqueEmail } from './support/shop';

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
