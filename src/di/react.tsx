import type { Container, ServiceIdentifier } from 'inversify';
import { createContext, type ReactNode, useContext } from 'react';

/** The application container, as the views know it (only src/di names Inversify). */
export type ServiceContainer = Container;

const ContainerContext = createContext<Container | null>(null);

export function ContainerProvider({ container, children }: { container: Container; children: ReactNode }) {
  return <ContainerContext.Provider value={container}>{children}</ContainerContext.Provider>;
}

/** The service bound to `token` in the nearest container (singletons: the same instance each render). */
export function useService<T>(token: ServiceIdentifier<T>): T {
  const container = useContext(ContainerContext);
  if (!container) throw new Error('useService needs a ContainerProvider above it');
  return container.get(token);
}

/** The container itself, for code that loads a route's stores by their tokens (views/routes.tsx). */
export function useContainer(): ServiceContainer {
  const container = useContext(ContainerContext);
  if (!container) throw new Error('useContainer needs a ContainerProvider above it');
  return container;
}
