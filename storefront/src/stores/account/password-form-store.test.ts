import { describe, expect, it, vi } from 'vitest';
import { DEMO_USER_EMAIL, DEMO_USER_PASSWORD } from '../../adapters/fake/demo-account';
import { FakeClock } from '../../adapters/fake/fake-clock';
import { ACCOUNT, accountFeature } from '../../di/modules/account-module';
import { CORE } from '../../di/modules/core-module';
import { createContainer } from '../../di/container';
import { createFakeAdapters } from '../../di/fake-adapters';
import { signedInSession } from '../../adapters/fake/fake-world';
import type { PasswordFormOptions } from './password-form-store';

const GOOD = 'Yeni#Şifre24';
/** Every live mark green, yet on the common-password list: only the server (here the fake) says no (D16). */
const COMMON = 'Password1!';

function world(options?: PasswordFormOptions) {
  const clock = new FakeClock(Date.UTC(2026, 10, 22, 12));
  const adapters = createFakeAdapters({ clock });
  signedInSession(adapters);
  const services = createContainer(adapters);
  services.loadFeatures(accountFeature);
  services.get(CORE.session).start();
  const form = services.get(ACCOUNT.passwordForm)(options);
  const alerts = services.get(CORE.alerts);
  const texts = () => alerts.alerts.map((alert) => alert.message);
  return { clock, adapters, form, texts, alerts };
}

describe('PasswordFormStore', () => {
  it('starts collapsed and marks each rule live', () => {
    const { form } = world();
    expect(form.expanded).toBe(false);
    form.toggle();
    expect(form.expanded).toBe(true);
    form.setField('newPassword', 'abc');
    expect(form.check).toEqual({ minLength: false, uppercase: false, lowercase: true, digit: false, special: false, match: false });
    form.setField('newPassword', GOOD);
    form.setField('confirmPassword', GOOD);
    expect(form.acceptable).toBe(true);
  });

  it('blocks an incomplete update with the alert and the hint, sending nothing', async () => {
    const { form, adapters, texts } = world();
    const update = vi.spyOn(adapters.account, 'updatePassword');
    form.setField('newPassword', 'weak');
    expect(form.hintVisible).toBe(false);
    await expect(form.submit()).resolves.toBe(false);
    expect(update).not.toHaveBeenCalled();
    expect(texts()).toEqual(['Cannot update password without a complete validation.']);
    expect(form.hintVisible).toBe(true);
    form.setField('newPassword', GOOD);
    form.setField('confirmPassword', GOOD);
    expect(form.hintVisible).toBe(false);
  });

  it('changes the password with the current one (D5), then collapses and clears', async () => {
    const { form, adapters, texts } = world();
    form.toggle();
    form.setField('currentPassword', DEMO_USER_PASSWORD);
    form.setField('newPassword', GOOD);
    form.setField('confirmPassword', GOOD);
    await expect(form.submit()).resolves.toBe(true);
    expect(texts()).toEqual(['Password updated successfully!']);
    expect(form.expanded).toBe(false);
    expect([form.currentPassword, form.newPassword, form.confirmPassword]).toEqual(['', '', '']);
    expect(adapters.accountStore.findByEmail(DEMO_USER_EMAIL)?.password).toBe(GOOD);
  });

  it('alerts the server message on a refusal and keeps the form open', async () => {
    const { form, texts } = world();
    form.toggle();
    form.setField('currentPassword', 'wrong');
    form.setField('newPassword', GOOD);
    form.setField('confirmPassword', GOOD);
    await expect(form.submit()).resolves.toBe(false);
    expect(texts()).toEqual(['Current password is incorrect']);
    expect(form.expanded).toBe(true);
    expect(form.newPassword).toBe(GOOD);
  });

  it('a Turkish password turns every mark green and is accepted (D16)', async () => {
    const { form, adapters, texts } = world();
    form.toggle();
    form.setField('currentPassword', DEMO_USER_PASSWORD);
    form.setField('newPassword', 'ŞİFRE123!ğü');
    form.setField('confirmPassword', 'ŞİFRE123!ğü');
    expect(form.acceptable).toBe(true);
    await expect(form.submit()).resolves.toBe(true);
    expect(texts()).toEqual(['Password updated successfully!']);
    expect(adapters.accountStore.findByEmail(DEMO_USER_EMAIL)?.password).toBe('ŞİFRE123!ğü');
  });

  it('a common password passes the live marks but shows the server refusal (SPEC 8, D16)', async () => {
    const { form, adapters, texts } = world();
    form.toggle();
    form.setField('currentPassword', DEMO_USER_PASSWORD);
    form.setField('newPassword', COMMON);
    form.setField('confirmPassword', COMMON);
    expect(form.acceptable).toBe(true);
    await expect(form.submit()).resolves.toBe(false);
    expect(texts()).toEqual(['This password is too common. Please choose another one.']);
    expect(form.expanded).toBe(true);
    expect(adapters.accountStore.findByEmail(DEMO_USER_EMAIL)?.password).toBe(DEMO_USER_PASSWORD);
  });

  it("falls back to 'Failed to update password.' and words exceptions as SPEC says", async () => {
    const { form, adapters, texts, alerts } = world();
    form.setField('newPassword', GOOD);
    form.setField('confirmPassword', GOOD);
    adapters.account.server.failWith = { status: 400 };
    await form.submit();
    adapters.account.server.failWith = 'network';
    await form.submit();
    const exception = alerts.alerts.at(-1);
    adapters.account.server.failWith = { status: 503, message: 'Service down' };
    await form.submit();
    // The same text again: a new alert in place of the one on screen (AlertStore).
    expect(alerts.alerts.at(-1)?.id).not.toBe(exception?.id);
    expect(texts()).toEqual(['Failed to update password.', 'An error occurred while updating the password. Please try again.']);
  });

  it('with a reset token, resets the password (D5) and needs no current password', async () => {
    const clock = new FakeClock(Date.UTC(2026, 10, 22, 12));
    const adapters = createFakeAdapters({ clock });
    const token = adapters.accountStore.issueResetToken(DEMO_USER_EMAIL);
    const services = createContainer(adapters);
    services.loadFeatures(accountFeature);
    const form = services.get(ACCOUNT.passwordForm)({ resetToken: token });
    expect(form.expanded).toBe(true);
    const reset = vi.spyOn(adapters.account, 'resetPassword');
    form.setField('newPassword', GOOD);
    form.setField('confirmPassword', GOOD);
    await expect(form.submit()).resolves.toBe(true);
    expect(reset).toHaveBeenCalledWith(token, GOOD);
    expect(adapters.accountStore.findByEmail(DEMO_USER_EMAIL)?.password).toBe(GOOD);
  });

  it('with a reset token, a common password shows the server refusal and leaves the link usable', async () => {
    const adapters = createFakeAdapters({ clock: new FakeClock(Date.UTC(2026, 10, 22, 12)) });
    const token = adapters.accountStore.issueResetToken(DEMO_USER_EMAIL);
    const services = createContainer(adapters);
    services.loadFeatures(accountFeature);
    const form = services.get(ACCOUNT.passwordForm)({ resetToken: token });
    form.setField('newPassword', COMMON);
    form.setField('confirmPassword', COMMON);
    await expect(form.submit()).resolves.toBe(false);
    expect(services.get(CORE.alerts).alerts.map((alert) => alert.message)).toEqual([
      'This password is too common. Please choose another one.',
    ]);
    form.setField('newPassword', GOOD);
    form.setField('confirmPassword', GOOD);
    await expect(form.submit()).resolves.toBe(true);
  });
});
