import { StrictMode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { ContainerProvider, type ServiceContainer } from '../di/react';
import { AppRoutes } from './routes';

export function App({ container }: { container: ServiceContainer }) {
  return (
    <StrictMode>
      <ContainerProvider container={container}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </ContainerProvider>
    </StrictMode>
  );
}
