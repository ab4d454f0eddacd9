import type { ServiceIdentifier } from 'inversify';
import { createContext, type ReactNode, useContext, useState } from 'react';
import { PageStores } from '../stores/page-stores';
import type { FeatureContainer } from './features';
import type { KeyedToken, ScreenFactory, ScreenToken, SharedToken } from './store-tokens';

/** The application container, as the views know it (only src/di names Inversify). */
export type ServiceContainer = FeatureContainer;

const ContainerContext = createContext<ServiceContainer | null>(null);

export function ContainerProvider({ container, children }: { container: ServiceContainer; children: ReactNode }) {
  return <ContainerContext.Provider value={container}>{children}</ContainerContext.Provider>;
}

/**
 * The store (or service) `token` names in the nearest container, living as its token says
 * (store-tokens.ts): a shared one is the same each render; a per-screen one is made once when
 * the component mounts, from `arg`, and goes with it; a per-key one is the page's store for `key`.
 */
export function useStore<T>(token: KeyedToken<T>, key: string): T;
export function useStore<T>(token: ScreenToken<T>): T;
export function useStore<T, A>(token: ScreenToken<T, A>, arg: A): T;
export function useStore<T>(token: SharedToken<T>): T extends PageStores<unknown> | ScreenFactory<unknown, never> ? never : T;
export function useStore(token: ServiceIdentifier, arg?: unknown): unknown {
  const bound = useContainer().get(token);
  const [screenStore] = useState(() => (typeof bound === 'function' ? (bound as ScreenFactory<unknown, unknown>)(arg) : undefined));
  return typeof bound === 'function' ? screenStore : forKey(bound, arg as string);
}

/**
 * The same outside a render (a page's `prepare` and `head`, which load and read the stores the
 * first render shows): a shared store, or the page's store for `key`.
 */
export function storeIn<T>(container: ServiceContainer, token: KeyedToken<T>, key: string): T;
export function storeIn<T>(container: ServiceContainer, token: SharedToken<T>): T;
export function storeIn(container: ServiceContainer, token: ServiceIdentifier, key?: string): unknown {
  return forKey(container.get(token), key as string);
}

/** A per-key token's store for `key`; a shared one as it is. */
function forKey(bound: unknown, key: string): unknown {
  return bound instanceof PageStores ? (bound as PageStores<unknown>).forKey(key) : bound;
}

/** The container itself, for code that loads a route's stores by their tokens (routes.tsx). */
export function useContainer(): ServiceContainer {
  const container = useContext(ContainerContext);
  if (!container) throw new Error('useStore needs a ContainerProvider above it');
  return container;
}
