import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createContainer } from '../di/container';
import { createFakeAdapters } from '../di/fake-adapters';
import { ContainerProvider } from '../di/react';
import { messages } from '../texts/messages';
import { AppRoutes, preloadPage } from './routes';

function renderAt(route: string) {
  return render(
    <ContainerProvider container={createContainer(createFakeAdapters())}>
      <MemoryRouter initialEntries={[route]}>
        <AppRoutes />
      </MemoryRouter>
    </ContainerProvider>,
  );
}

describe('AppRoutes', () => {
  it('shows a preloaded page in the layout in the first render, without waiting', async () => {
    await preloadPage('/about');
    renderAt('/about');
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: messages.about.title })).toBeInTheDocument();
  });

  it('loads a page that was not preloaded, in the layout', async () => {
    renderAt('/no-such-page');
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: messages.errors.notFound })).toBeInTheDocument();
  });
});
