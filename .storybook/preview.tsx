import type { Decorator, Preview } from '@storybook/react-vite';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ContainerProvider, type ServiceContainer } from '../storefront/src/di/react';
import '../storefront/src/views/global.css';
import { buildStoryServices, type StoryServiceParameters } from './story-services';

/** Every story gets its own container of fakes, its route and its overrides. */
const withServices: Decorator = (Story, context) => {
  const services = context.loaded.services as ServiceContainer;
  const { route = '/', path = '*', ownRouter = false } = context.parameters as StoryServiceParameters;
  if (ownRouter) {
    return (
      <ContainerProvider container={services}>
        <Story />
      </ContainerProvider>
    );
  }
  return (
    <ContainerProvider container={services}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={path} element={<Story />} />
          {path === '*' ? null : <Route path="*" element={<p>Navigated away from the story.</p>} />}
        </Routes>
      </MemoryRouter>
    </ContainerProvider>
  );
};

const preview: Preview = {
  // Run again whenever a Control changes an arg, so a world that follows the args follows them.
  loaders: [async (context) => ({ services: await buildStoryServices(context.parameters, context.args) })],
  decorators: [withServices],
  parameters: {
    layout: 'fullscreen',
    // axe runs on every story; 'error' fails the story test on any violation (not only serious/critical).
    a11y: { test: 'error' },
    viewport: {
      options: {
        phone: { name: 'Phone 375', styles: { width: '375px', height: '812px' }, type: 'mobile' },
        desktop: { name: 'Desktop 1280', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
      },
    },
  },
};

export default preview;
