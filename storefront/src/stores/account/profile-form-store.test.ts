import { describe, expect, it, vi } from 'vitest';
import { DEMO_USER_EMAIL, DEMO_USER_ID } from '../../adapters/fake/demo-account';
import { ACCOUNT } from '../../di/modules/account-module';
import { accountTestWorld } from '../../../../tests/support/account-world';

describe('ProfileFormStore', () => {
  it('drafts the signed-in user and keeps phone parts to digits', () => {
    const { services } = accountTestWorld({});
    const form = services.get(ACCOUNT.profileForm)();
    expect([form.userId, form.email, form.name, form.surname, form.phoneCCode]).toEqual([
      DEMO_USER_ID,
      DEMO_USER_EMAIL,
      'Deniz',
      'Yılmaz',
      '+90',
    ]);
    form.setPhonePart('phoneACode', '53a');
    expect(form.phoneACode).toBe('532');
    form.setPhonePart('phoneACode', '216');
    form.setPhonePart('phoneMain', '');
    expect([form.phoneACode, form.phoneMain]).toEqual(['216', '']);
  });

  it('offers the country phone codes from the reference data', async () => {
    const { services } = accountTestWorld({});
    const form = services.get(ACCOUNT.profileForm)();
    await form.loadCountries();
    expect(form.phoneCodes).toContainEqual({ value: '+49', label: 'Germany (+49)' });
  });

  it('saves, alerts success and updates the stored user (email stays read-only)', async () => {
    const { services, session, adapters, texts } = accountTestWorld({});
    const form = services.get(ACCOUNT.profileForm)();
    const update = vi.spyOn(adapters.account, 'updateProfile');
    form.setField('name', 'Ada');
    form.setField('phoneCCode', '+49');
    form.setPhonePart('phoneMain', '555');
    await expect(form.save()).resolves.toBe(true);
    expect(update).toHaveBeenCalledWith(expect.objectContaining({ name: 'Ada', email: DEMO_USER_EMAIL, phone: '+49 532 555' }));
    expect(texts()).toEqual(['User information updated successfully!']);
    expect(session.user?.name).toBe('Ada');
    expect(adapters.sessionStorage.load()?.user.name).toBe('Ada');
  });

  it('words failures and exceptions as SPEC says', async () => {
    const { services, adapters, texts, session, alerts } = accountTestWorld({});
    const form = services.get(ACCOUNT.profileForm)();
    form.setField('name', 'Ada');
    adapters.account.server.failWith = { status: 400, message: 'Name too long' };
    await form.save();
    adapters.account.server.failWith = { status: 400 };
    await form.save();
    adapters.account.server.failWith = 'network';
    await form.save();
    const exception = alerts.alerts.at(-1);
    adapters.account.server.failWith = { status: 503, message: 'Service down' };
    await form.save();
    // The same text again: a new alert in place of the one on screen (AlertStore).
    expect(alerts.alerts.at(-1)?.id).not.toBe(exception?.id);
    expect(texts()).toEqual([
      'Name too long',
      'Failed to update user information.',
      'An error occurred while updating user information. Please try again.',
    ]);
    expect(session.user?.name).toBe('Deniz');
  });
});
