import { act, screen } from '@testing-library/react';
import { Navigate } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { JwtTokenDecoder } from '../../adapters/jwt/jwt-token-decoder';
import { signedInSession } from '../../adapters/fake/fake-world';
import { CORE } from '../../di/modules/core-module';
import type { ServiceContainer } from '../../di/react';
import type { AdapterSet } from '../../di/tokens';
import type { TokenDecoder } from '@shop/core/ports/token-decoder';
import { renderScreen } from '../../../../tests/support/render-screen';
import { RequireSession } from './require-session';

const signedIn = (services: ServiceContainer, adapters: AdapterSet) => {
  signedInSession(adapters);
  services.get(CORE.session).start();
};

const page = <h1>Members only</h1>;

describe('RequireSession', () => {
  it('shows the page to a signed-in shopper', async () => {
    await renderScreen(<RequireSession signedOut={<p>Guests see this</p>}>{page}</RequireSession>, { setup: signedIn });
    expect(screen.getByRole('heading', { name: 'Members only' })).toBeInTheDocument();
    expect(screen.queryByText('Guests see this')).not.toBeInTheDocument();
  });

  it('shows a shopper without a session nothing, unless the route gives something else', async () => {
    const nothing = await renderScreen(<RequireSession>{page}</RequireSession>);
    expect(nothing.container.querySelector('h1')).toBeNull();
    nothing.unmount();

    await renderScreen(<RequireSession signedOut={<Navigate to="/cart" replace />}>{page}</RequireSession>, { route: '/check-out' });
    expect(screen.getByTestId('location')).toHaveTextContent('/cart');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });

  it('takes the page away when the session ends', async () => {
    const { services } = await renderScreen(<RequireSession signedOut={<p>Signed out</p>}>{page}</RequireSession>, { setup: signedIn });
    act(() => services.get(CORE.session).sessionRejected());
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.getByText('Signed out')).toBeInTheDocument();
  });

  it('with validToken, ends a session whose access token no longer reads as valid, and shows nothing (SPEC 2, 6)', async () => {
    const real = new JwtTokenDecoder();
    let readable = true;
    const decoder: TokenDecoder = { expiresAt: (token) => (readable ? real.expiresAt(token) : null) };
    const { services, adapters } = await renderScreen(<RequireSession validToken>{page}</RequireSession>, {
      adapters: { tokenDecoder: decoder },
      setup: (container, adapters) => {
        signedIn(container, adapters);
        readable = false;
      },
    });
    await vi.waitFor(() => expect(services.get(CORE.session).isLoggedIn).toBe(false));
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(adapters.sessionStorage.load()).toBeNull();
  });
});
