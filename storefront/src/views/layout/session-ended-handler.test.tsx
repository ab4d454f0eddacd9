import { act, screen } from '@testing-library/react';
import { Link, Outlet, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { signedInSession } from '../../adapters/fake/fake-world';
import { CORE } from '../../di/modules/core-module';
import type { ServiceContainer } from '../../di/react';
import type { AdapterSet } from '../../di/tokens';
import { renderScreen } from '../../../../tests/support/render-screen';
import { OrdersPage } from '../orders/orders-page';
import { SessionEndedHandler } from './session-ended-handler';

/** A shop of two pages under the handler: /orders needs a session, every other page is public. */
const shop = (
  <Routes>
    <Route
      element={
        <SessionEndedHandler>
          <Link to="/about">About</Link>
          <Outlet />
        </SessionEndedHandler>
      }
    >
      <Route path="orders" element={<OrdersPage />} />
      <Route path="*" element={<p>A public page</p>} />
    </Route>
  </Routes>
);

const signedIn = (services: ServiceContainer, adapters: AdapterSet) => {
  signedInSession(adapters, { expiresInMs: 10 * 60_000 });
  services.get(CORE.session).start();
};

async function shopAt(route: string) {
  const rendered = await renderScreen(shop, { route, setup: signedIn });
  return { ...rendered, session: rendered.services.get(CORE.session), location: () => screen.getByTestId('location').textContent };
}

describe('SessionEndedHandler', () => {
  it("goes home from any page after the shopper's own logout", async () => {
    const { session, location } = await shopAt('/about');
    await act(() => session.logout());
    expect(location()).toBe('/');
  });

  it('goes home from a page that needs a session when the session runs out', async () => {
    const { session, clock, location } = await shopAt('/orders');
    act(() => clock.advance(10 * 60_000));
    expect(session.isLoggedIn).toBe(false);
    expect(location()).toBe('/');
  });

  it('goes home from a page that needs a session when the server refuses its token', async () => {
    const { session, location } = await shopAt('/orders');
    act(() => session.sessionRejected());
    expect(location()).toBe('/');
  });

  it('leaves a public page as it is when the session ends by itself', async () => {
    const { session, location } = await shopAt('/about');
    act(() => session.sessionRejected());
    expect(session.isLoggedIn).toBe(false);
    expect(location()).toBe('/about');
  });

  it('no longer counts a page that needed a session once the shopper left it', async () => {
    const { session, user, location } = await shopAt('/orders');
    await user.click(screen.getByRole('link', { name: 'About' }));
    expect(location()).toBe('/about');
    act(() => session.sessionRejected());
    expect(location()).toBe('/about');
  });

  it('stops listening when it is gone', async () => {
    const { session, unmount } = await shopAt('/orders');
    unmount();
    expect(() => session.sessionRejected()).not.toThrow();
    expect(session.isLoggedIn).toBe(false);
  });
});
