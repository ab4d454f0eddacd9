import { type ReactNode, StrictMode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { ContainerProvider, type ServiceContainer } from '../di/react';
import { HydrationGate } from './hydration';
import { AppRoutes } from './routes';

export interface ShopRootProps {
  container: ServiceContainer;
  /** The first render matches a server render (D17): browser-only state shows after it. */
  serverRendered?: boolean;
  /** Runs once that first render is on screen (hydrated). */
  onHydrated?: () => void;
}

/** Everything around the routes, the same in the browser and on the server. */
export function ShopRoot({ container, serverRendered = false, onHydrated, children }: ShopRootProps & { children: ReactNode }) {
  return (
    <StrictMode>
      <ContainerProvider container={container}>
        <HydrationGate serverRendered={serverRendered} onHydrated={onHydrated}>
          {children}
        </HydrationGate>
      </ContainerProvider>
    </StrictMode>
  );
}

/** The shop in the browser. */
export function App(props: ShopRootProps) {
  return (
    <ShopRoot {...props}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </ShopRoot>
  );
}
