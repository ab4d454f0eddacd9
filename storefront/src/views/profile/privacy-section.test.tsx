import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEMO_USER_EMAIL, DEMO_USER_ID, DEMO_USER_PASSWORD } from '../../adapters/fake/demo-account';
import { recordSignUpConsents } from '../../adapters/fake/fake-privacy-gateway';
import { type FakeAdapterSet } from '../../di/fake-adapters';
import { fakeAccountStoreOf, placeDemoOrders, signedInSession } from '../../adapters/fake/fake-world';
import { CORE } from '../../di/modules/core-module';
import type { ServiceContainer } from '../../di/react';
import type { AdapterSet } from '../../di/tokens';
import { renderScreen } from '../../../../tests/support/render-screen';
import { PrivacySection } from './privacy-section';

function signedInWithConsents(services: ServiceContainer, adapters: AdapterSet) {
  const store = fakeAccountStoreOf(adapters);
  recordSignUpConsents(store, DEMO_USER_ID, false);
  signedInSession(adapters);
  services.get(CORE.session).start();
}

const section = () => renderScreen(<PrivacySection />, { route: '/profile', setup: signedInWithConsents });

describe('PrivacySection (D24)', () => {
  it('shows the privacy notice acknowledged with its version, and marketing not given', async () => {
    await section();
    expect(await screen.findByText(/Privacy Notice \(Aydınlatma Metni\) version kvkk-2026-11-27, acknowledged on/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read the Privacy Notice' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('checkbox', { name: 'Receive campaigns and offers (marketing messages)' })).not.toBeChecked();
    expect(screen.getByText(/^Not given \(consent text version etk-2026-11-27/)).toBeInTheDocument();
  });

  it('turns marketing on, recorded on the server with its version and time', async () => {
    const { user, services, adapters } = await section();
    await user.click(await screen.findByRole('checkbox', { name: 'Receive campaigns and offers (marketing messages)' }));
    expect(await screen.findByText(/^Given \(consent text version etk-2026-11-27/)).toBeInTheDocument();
    expect(services.get(CORE.alerts).alerts.map((alert) => alert.message)).toContain('Your communication preferences have been saved.');
    const consents = fakeAccountStoreOf(adapters).findById(DEMO_USER_ID)?.consents ?? [];
    expect(consents.filter((consent) => consent.kind === 'marketing').map((consent) => consent.granted)).toEqual([false, true]);
  });

  it('Download my data hands over a JSON file of the profile, orders and consents', async () => {
    const created: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:data';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    try {
      const { user, adapters } = await section();
      placeDemoOrders(adapters, 1);
      await user.click(screen.getByRole('button', { name: 'Download my data' }));
      await vi.waitFor(() => expect(click).toHaveBeenCalledTimes(1));
      const data = JSON.parse(await created[0]!.text());
      expect(data.profile.email).toBe(DEMO_USER_EMAIL);
      expect(data.orders).toHaveLength(1);
      expect(data.consents.map((consent: { kind: string }) => consent.kind)).toEqual(['privacy-notice', 'marketing']);
    } finally {
      click.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it('Delete my account asks for the password: a wrong one keeps the account, the right one deletes it and ends the session', async () => {
    const { user, services, adapters } = await section();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const form = screen.getByRole('button', { name: 'Delete my account permanently' }).closest('form') as HTMLElement;
    await user.click(within(form).getByRole('button', { name: 'Delete my account permanently' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Please enter your password to delete your account.');
    await user.type(within(form).getByLabelText('Your password'), 'Wr0ng!Pass');
    await user.click(within(form).getByRole('button', { name: 'Delete my account permanently' }));
    expect(await within(form).findByText('The password is incorrect.')).toBeInTheDocument();
    expect(fakeAccountStoreOf(adapters).findById(DEMO_USER_ID)).toBeDefined();

    await user.type(within(form).getByLabelText('Your password'), DEMO_USER_PASSWORD);
    await user.click(within(form).getByRole('button', { name: 'Delete my account permanently' }));
    await vi.waitFor(() => expect(services.get(CORE.session).isLoggedIn).toBe(false));
    expect(fakeAccountStoreOf(adapters).findById(DEMO_USER_ID)).toBeUndefined();
    expect((adapters as FakeAdapterSet).accountStore.findByEmail(DEMO_USER_EMAIL)).toBeUndefined();
    expect(services.get(CORE.alerts).alerts.map((alert) => alert.message)).toContain('Your account has been deleted.');
  });
});
