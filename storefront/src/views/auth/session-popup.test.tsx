import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CORE } from '../../di/modules/core-module';
import { signedInSession } from '../../adapters/fake/fake-world';
import type { FakeClock } from '../../adapters/fake/fake-clock';
import { renderScreen } from '../../../../tests/support/render-screen';
import { SessionEndedHandler } from '../layout/session-ended-handler';
import { SessionPopup } from './session-popup';

/** Signed in with 100 s left: inside the 120 s warning window at once. */
async function expiringSoon(ui: ReactElement = <SessionPopup />) {
  const rendered = await renderScreen(ui, {
    route: '/profile',
    setup: (services, adapters) => {
      signedInSession(adapters, { expiresInMs: 100_000 });
      services.get(CORE.session).start();
      (adapters.clock as FakeClock).advance(0);
    },
  });
  return { ...rendered, session: rendered.services.get(CORE.session) };
}

describe('SessionPopup', () => {
  it('shows nothing without the warning', async () => {
    await renderScreen(<SessionPopup />, {
      setup: (services, adapters) => {
        signedInSession(adapters);
        services.get(CORE.session).start();
      },
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('appears as a modal dialog with focus on Extend Session when the warning comes on', async () => {
    const { session } = await expiringSoon();
    expect(session.warning).toBe(true);
    const dialog = await screen.findByRole('dialog', { name: 'Your session is about to expire.' });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Extend Session' })).toHaveFocus();
  });

  it('Extend Session refreshes the tokens and closes the popup', async () => {
    const { user, session, adapters } = await expiringSoon();
    const refresh = vi.spyOn(adapters.account, 'refresh');
    const before = session.accessToken;
    await user.click(await screen.findByRole('button', { name: 'Extend Session' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(session.warning).toBe(false);
    expect(session.accessToken).not.toBe(before);
    expect(session.isLoggedIn).toBe(true);
  });

  it('Logout ends the session, and the session-ended handler goes home', async () => {
    const { user, session, adapters } = await expiringSoon(
      <SessionEndedHandler>
        <SessionPopup />
      </SessionEndedHandler>,
    );
    const logout = vi.spyOn(adapters.account, 'logout');
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await vi.waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(session.isLoggedIn).toBe(false);
    expect(logout).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('goes away by itself when the session expires', async () => {
    const { clock, session } = await expiringSoon();
    await screen.findByRole('dialog');
    clock.advance(100_000);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(session.isLoggedIn).toBe(false);
  });
});
