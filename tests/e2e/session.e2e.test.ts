import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { newShopper, useBrowser } from './support/browser';
import { logIn, profileMenuItems, registerAccount } from './support/shop';

useBrowser();

/**
 * The server issues 15-minute access tokens (D7); the warning comes 120 s before expiry. The
 * page's clock is Playwright's (installed before the first navigation), so minutes pass at once.
 */

function sessionPopup(page: Page) {
  return page.getByRole('dialog', { name: 'Your session is about to expire.' });
}

function stored(page: Page, key: 'accessToken' | 'refreshToken') {
  return page.evaluate((name) => localStorage.getItem(name), key);
}

/** Logs in with the page clock installed, and opens the profile (a signed-in page). */
async function signedInOnProfile(page: Page, prefix: string): Promise<void> {
  await page.clock.install();
  const account = await registerAccount(prefix);
  await logIn(page, account);
  await page.goto('/profile');
  await page.getByRole('heading', { name: 'Personal Info', exact: true }).waitFor();
}

describe('session', () => {
  test('near expiry the popup offers Extend Session, which keeps the shopper in with rotated tokens', async () => {
    const { page } = await newShopper();
    await signedInOnProfile(page, 'extend');
    const refreshBefore = await stored(page, 'refreshToken');
    expect(await sessionPopup(page).count()).toBe(0);

    // 12 minutes in: no warning yet.
    await page.clock.fastForward('12:00');
    expect(await sessionPopup(page).count()).toBe(0);
    // Past 13 minutes: less than 120 s left.
    await page.clock.fastForward('01:05');
    await sessionPopup(page).waitFor();
    expect(await sessionPopup(page).getByRole('button').allTextContents()).toEqual(['Extend Session', 'Logout']);

    // The server's clock did not move: the page's clock returns to real time before the refresh,
    // or the rotated token (15 minutes from the server's now) would look nearly spent at once.
    await page.clock.setSystemTime(new Date());
    await sessionPopup(page).getByRole('button', { name: 'Extend Session' }).click();
    await expect.poll(() => sessionPopup(page).count()).toBe(0);
    // D4: the refresh token rotates (the access token may match when issued within the same second).
    expect(await stored(page, 'refreshToken')).not.toBe(refreshBefore);

    // The old token's expiry (less than 2 minutes away) no longer logs out, and no popup shows.
    await page.clock.fastForward('05:00');
    expect(await sessionPopup(page).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/profile');
    expect(await page.getByRole('heading', { name: 'Personal Info', exact: true }).count()).toBe(1);
    expect(await profileMenuItems(page)).toEqual(['Edit Profile', 'Orders', 'Logout']);

    // The new token expires in turn: warning, then logout at expiry, and home from the profile.
    await page.clock.fastForward('08:30');
    await sessionPopup(page).waitFor();
    await page.clock.fastForward('02:00');
    await page.waitForURL((url) => url.pathname === '/');
    expect(await sessionPopup(page).count()).toBe(0);
    expect(await stored(page, 'accessToken')).toBeNull();
    expect(await profileMenuItems(page)).toEqual(['Login', 'Sign Up']);
  });

  test('left alone, the session ends at expiry', async () => {
    const { page } = await newShopper();
    await signedInOnProfile(page, 'expire');
    await page.clock.fastForward('13:05');
    await sessionPopup(page).waitFor();
    await page.clock.fastForward('02:00');
    await page.waitForURL((url) => url.pathname === '/');
    expect(await sessionPopup(page).count()).toBe(0);
    expect(await stored(page, 'refreshToken')).toBeNull();
    expect(await profileMenuItems(page)).toEqual(['Login', 'Sign Up']);
    // A reload does not bring the session back.
    await page.reload();
    expect(await profileMenuItems(page)).toEqual(['Login', 'Sign Up']);
  });

  test('Logout in the popup ends the session at once', async () => {
    const { page } = await newShopper();
    await signedInOnProfile(page, 'popup-logout');
    await page.clock.fastForward('13:05');
    await sessionPopup(page).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await sessionPopup(page).count()).toBe(0);
    expect(await stored(page, 'accessToken')).toBeNull();
    expect(await profileMenuItems(page)).toEqual(['Login', 'Sign Up']);
  });

  test("the profile lists the account's sessions, and ending another device's signs that device out (ASVS 7.5.2)", async () => {
    const account = await registerAccount('devices');
    const { page: phone } = await newShopper();
    const { page: laptop } = await newShopper();
    await logIn(phone, account);
    await logIn(laptop, account);
    await laptop.goto('/profile');
    const sessions = laptop.getByRole('list', { name: 'Signed-in devices' });
    await expect.poll(() => sessions.getByRole('listitem').count()).toBe(2);
    expect(await sessions.getByText('This device').count()).toBe(1);

    // ASVS 7.5.2: the account's password, given again.
    await laptop.getByRole('region', { name: 'Active sessions' }).getByLabel('Current Password').fill(account.password);
    await sessions.getByRole('button', { name: /^End session on / }).click();
    await laptop.getByRole('alert').filter({ hasText: 'Session ended.' }).waitFor();
    expect(await sessions.getByRole('listitem').count()).toBe(1);
    expect(await laptop.getByText('You are signed in on this device only.').count()).toBe(1);

    // The phone's next signed-in call is refused: it is signed out, and its tokens are gone.
    await phone.goto('/profile');
    await phone.waitForURL((url) => url.pathname === '/');
    expect(await stored(phone, 'refreshToken')).toBeNull();
    expect(await profileMenuItems(phone)).toEqual(['Login', 'Sign Up']);
  });
});
