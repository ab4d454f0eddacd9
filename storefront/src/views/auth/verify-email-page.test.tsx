import { configure, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_USER_EMAIL } from '../../adapters/fake/demo-account';
import { FakeClock } from '../../adapters/fake/fake-clock';
import { createFakeAdapters } from '../../di/fake-adapters';
import { signedInSession } from '../../adapters/fake/fake-world';
import { CORE } from '../../di/modules/core-module';
import { renderScreen } from '../../../../tests/support/render-screen';
import { VerifyEmailPage } from './verify-email-page';

const SIGNED_IN = '/verify-email/:token';
const ANONYMOUS = '/verify-email-anonymous/:token';

/** Fakes made before rendering, so the test knows a real single-use token for the URL. */
function world() {
  return createFakeAdapters({ clock: new FakeClock(Date.UTC(2026, 10, 22, 12)) });
}

describe('VerifyEmailPage', () => {
  // StrictMode around the whole tree, as the app has it (storefront/src/shell/app.tsx): React then mounts,
  // unmounts and remounts every effect once. A StrictMode nested under the router does not.
  beforeEach(() => configure({ reactStrictMode: true }));
  afterEach(() => configure({ reactStrictMode: false }));

  it('sends a signed-in link once under StrictMode, shows the success text and flips the user', async () => {
    const adapters = world();
    const token = adapters.accountStore.issueVerificationToken(DEMO_USER_EMAIL);
    const verify = vi.spyOn(adapters.account, 'verifyEmail');
    const anonymous = vi.spyOn(adapters.account, 'verifyEmailAnonymous');
    const { services } = await renderScreen(<VerifyEmailPage />, {
      route: `/verify-email/${token}`,
      path: SIGNED_IN,
      adapters,
      setup: (container) => {
        signedInSession(adapters);
        container.get(CORE.session).start();
      },
    });
    expect(screen.getByRole('status')).toHaveTextContent('Verifying your email address...');
    expect(await screen.findByText('Your email address is verified successfully.')).toBeInTheDocument();
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verify).toHaveBeenCalledWith(token);
    expect(anonymous).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(services.get(CORE.session).user?.isEmailVerified).toBe(true));
  });

  it('uses the anonymous call on /verify-email-anonymous/, once under StrictMode', async () => {
    const adapters = world();
    const token = adapters.accountStore.issueAnonymousVerificationToken('guest@example.com');
    const anonymous = vi.spyOn(adapters.account, 'verifyEmailAnonymous');
    const signedIn = vi.spyOn(adapters.account, 'verifyEmail');
    await renderScreen(<VerifyEmailPage />, { route: `/verify-email-anonymous/${token}`, path: ANONYMOUS, adapters });
    expect(await screen.findByText('Your email address is verified successfully.')).toBeInTheDocument();
    expect(anonymous).toHaveBeenCalledTimes(1);
    expect(signedIn).not.toHaveBeenCalled();
    expect(adapters.accountStore.verifiedGuestEmails.has('guest@example.com')).toBe(true);
  });

  it('shows the server message for a used or unknown link, as an error', async () => {
    await renderScreen(<VerifyEmailPage />, { route: '/verify-email/spent', path: SIGNED_IN });
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired link');
  });

  it("falls back to 'Email verification failed.' and words exceptions as SPEC says", async () => {
    const refused = world();
    refused.account.server.failWith = { status: 400 };
    const first = await renderScreen(<VerifyEmailPage />, { route: '/verify-email/a', path: SIGNED_IN, adapters: refused });
    expect(await screen.findByRole('alert')).toHaveTextContent('Email verification failed.');
    first.unmount();

    const broken = world();
    broken.account.server.failWith = 'network';
    await renderScreen(<VerifyEmailPage />, { route: '/verify-email-anonymous/b', path: ANONYMOUS, adapters: broken });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error verifying email address. Please try again.');
  });
});
