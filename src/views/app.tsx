import type { Container } from 'inversify';
import { StrictMode } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { ContainerProvider } from '../di/react';
import { routes } from './routes';

export function App({ container }: { container: Container }) {
  const router = createBrowserRouter(routes);
  return (
    <StrictMode>
      <ContainerProvider container={container}>
        <RouterProvider router={router} />
      </ContainerProvider>
    </StrictMode>
  );
}
