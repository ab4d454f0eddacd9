import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { FakeClock } from '../../storefront/src/adapters/fake/fake-clock';
import { createFakeWorld } from '../../storefront/src/di/fake-adapters';
import { ContainerProvider, type ServiceContainer } from '../../storefront/src/di/react';
import type { AdapterSet } from '../../storefront/src/di/tokens';

export interface ScreenOptions {
  /** The URL the screen is rendered at (default '/'). */
  route?: string;
  /** The route pattern, so `useParams` works (default: matches anything). */
  path?: string;
  /** Single ports replaced, e.g. a failing catalogue. */
  adapters?: Partial<AdapterSet>;
  /** Runs before rendering: seed a store, sign a user in. */
  setup?: (container: ServiceContainer, adapters: AdapterSet) => void | Promise<void>;
}

export interface RenderedScreen extends RenderResult {
  services: ServiceContainer;
  adapters: AdapterSet;
  clock: FakeClock;
  user: UserEvent;
}

/** Exposes the current URL to tests: `screen.getByTestId('location')` holds pathname + search. */
function LocationProbe() {
  const location = useLocation();
  return (
    <div hidden data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname + location.search}
    </div>
  );
}

/**
 * Renders a screen the way the app does: the fake world of the stories (storefront/src/di/fake-adapters.ts
 * createFakeWorld: the in-memory fakes plus overrides, the shop's container), a router at
 * `route`, and a fake clock the test moves.
 */
export async function renderScreen(ui: ReactElement, options: ScreenOptions = {}): Promise<RenderedScreen> {
  const clock = new FakeClock(Date.UTC(2026, 10, 22, 12));
  const { adapters, services } = await createFakeWorld({ clock, ...options });
  const user = userEvent.setup();
  const result = render(
    <ContainerProvider container={services}>
      <MemoryRouter initialEntries={[options.route ?? '/']}>
        <Routes>
          <Route path={options.path ?? '*'} element={ui} />
          {options.path ? <Route path="*" element={null} /> : null}
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </ContainerProvider>,
  );
  return { ...result, services, adapters, clock, user };
}
