import { StrictMode, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { ContainerProvider, type ServiceContainer } from '../di/react';
import { routes } from './routes';

export function App({ container }: { container: ServiceContainer }) {
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <StrictMode>
      <ContainerProvider container={container}>
        <RouterProvider router={router} />
      </ContainerProvider>
    </StrictMode>
  );
}
