import { observer } from 'mobx-react-lite';
import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { matchRoutes, type Params, type RouteObject, useLocation, useRoutes } from 'react-router-dom';
import { CATALOG } from '../di/modules/catalog-module';
import { type ServiceContainer, useContainer } from '../di/react';
import { messages } from '../texts/messages';
import { useHydrated } from './hydration';
import { AppLayout } from '../views/layout/app-layout';
import { ErrorPage } from '../views/layout/error-page';
import { RenderErrorBoundary } from '../views/layout/render-error-boundary';
import type { PageHead, PageModule } from './page-module';

/** A page that loads on demand (its own chunk). */
interface LazyPage {
  /** Loads the page's chunk; once loaded, at once. */
  load(): Promise<PageModule>;
  /** The chunk's exports once loaded. */
  loaded(): PageModule | undefined;
  /**
   * The page as a component, its stores bound in the container it renders in: suspends only
   * while its chunk is still on the way.
   */
  Component: ComponentType;
}

/**
 * `page`, the stores of its screen bound in `container`: the features its module names (each
 * once per container), before the page prepares, renders or gives its head.
 */
function withStores(container: ServiceContainer, page: PageModule): PageModule {
  container.loadFeatures(...(page.features ?? []));
  return page;
}

/** The page of `module`, in whichever container it renders: its stores are bound first. */
function screenOf(module: PageModule): ComponentType {
  const { Component: Page } = module;
  return function Screen() {
    withStores(useContainer(), module);
    return <Page />;
  };
}

function lazyPage(importPage: () => Promise<PageModule>): LazyPage {
  let loading: Promise<PageModule> | undefined;
  let loaded: { module: PageModule; Screen: ComponentType } | undefined;
  const load = () =>
    (loading ??= importPage().then(
      (module) => (loaded = { module, Screen: screenOf(module) }).module,
      (error: unknown) => {
        // A failed download (a deploy replaced the chunk, the network dropped) may be retried.
        loading = undefined;
        throw error;
      },
    ));
  // A loaded page is handed over synchronously, so rendering it never suspends: no fallback
  // frame after a preload, on the first paint, on the server or on a later visit.
  const Component = lazy(() => {
    const page = loaded?.Screen;
    if (!page) return load().then(() => ({ default: loaded!.Screen }));
    // React reads a thenable that calls back at once as already settled (a Promise never does).
    const settled = { then: (resolve: (module: { default: ComponentType }) => void) => resolve({ default: page }) };
    return settled as unknown as Promise<{ default: ComponentType }>;
  });
  return { load, loaded: () => loaded?.module, Component };
}

interface PageRoute {
  path?: string;
  index?: true;
  page: LazyPage;
  /** Rendered on the server (D17); the other pages render in the browser, in the server-rendered layout. */
  server?: true;
  /** A server-rendered page's module, as the build's manifest names its chunk: the page names its chunks for the browser to preload. */
  source?: string;
}

/**
 * A page the server renders (D17), from the one import of its module: `import.meta.glob` of that
 * one file, naming the export. The module's path both loads the page and is the key of its chunk
 * in the build's manifest, so the two cannot drift apart.
 */
function serverPage(pageImport: Record<string, () => Promise<PageModule>>): Pick<PageRoute, 'page' | 'server' | 'source'> {
  const [entry, ...others] = Object.entries(pageImport);
  if (!entry || others.length > 0) throw new Error(`A server-rendered page imports one module, not ${Object.keys(pageImport).length}`);
  const [modulePath, importPage] = entry;
  return { server: true, source: modulePath.replace(/^\//, ''), page: lazyPage(importPage) };
}

const verifyEmail = lazyPage(async () => (await import('../views/auth/verify-email-page')).verifyEmailPage);

/**
 * Every route of SPEC section 2, in the layout. Pages load on demand (code-split), each with the
 * stores its module names (`PageModule.features`).
 */
const pageRoutes: PageRoute[] = [
  { index: true, ...serverPage(import.meta.glob<PageModule>('/storefront/src/views/home/home-page.tsx', { import: 'homePage' })) },
  { path: 'authpopup', page: lazyPage(async () => (await import('../views/auth/auth-popup-page')).authPopupPage) },
  { path: 'reset-password/:token', page: lazyPage(async () => (await import('../views/auth/reset-password-page')).resetPasswordPage) },
  { path: 'verify-email/:token', page: verifyEmail },
  { path: 'verify-email-anonymous/:token', page: verifyEmail },
  { path: 'profile', page: lazyPage(async () => (await import('../views/profile/profile-page')).profilePage) },
  { path: 'orders', page: lazyPage(async () => (await import('../views/orders/orders-page')).ordersPage) },
  { path: 'orders/:id', page: lazyPage(async () => (await import('../views/orders/order-detail-page')).orderDetailPage) },
  { path: 'about', ...serverPage(import.meta.glob<PageModule>('/storefront/src/views/about/about-page.tsx', { import: 'aboutPage' })) },
  { path: 'cart', ...serverPage(import.meta.glob<PageModule>('/storefront/src/views/cart/cart-page.tsx', { import: 'cartPage' })) },
  {
    path: 'privacy',
    ...serverPage(import.meta.glob<PageModule>('/storefront/src/views/legal/legal-pages.tsx', { import: 'privacyPage' })),
  },
  { path: 'terms', ...serverPage(import.meta.glob<PageModule>('/storefront/src/views/legal/legal-pages.tsx', { import: 'termsPage' })) },
  { path: 'check-out', page: lazyPage(async () => (await import('../views/checkout/checkout-page')).checkoutPage) },
  {
    path: 'productlist/:catId?',
    ...serverPage(import.meta.glob<PageModule>('/storefront/src/views/catalog/product-list-page.tsx', { import: 'productListPage' })),
  },
  { path: 'search', page: lazyPage(async () => (await import('../views/search/search-page')).searchPage) },
  {
    path: 'product/:id',
    ...serverPage(import.meta.glob<PageModule>('/storefront/src/views/product/product-page.tsx', { import: 'productPage' })),
  },
  { path: '*', ...serverPage(import.meta.glob<PageModule>('/storefront/src/views/layout/not-found-page.tsx', { import: 'notFoundPage' })) },
];

/** A page in the layout: a failure to render it (or to load it) shows the error page there (D13). */
function RoutePage({ page, server }: { page: LazyPage; server: boolean }) {
  const location = useLocation();
  // A page the server does not render joins once the server's HTML is hydrated.
  const hydrated = useHydrated();
  if (!server && !hydrated) return null;
  return (
    <RenderErrorBoundary fallback={<ErrorPage />} resetKey={location.pathname}>
      <Suspense>
        <page.Component />
      </Suspense>
    </RenderErrorBoundary>
  );
}

/** Which page each route of the table shows (for preloadPage). */
const pageOf = new Map<RouteObject, PageRoute>();
const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    children: pageRoutes.map((pageRoute) => {
      const { path, index, page, server = false } = pageRoute;
      const element = <RoutePage page={page} server={server} />;
      const route: RouteObject = index ? { index, element } : { path, element };
      pageOf.set(route, pageRoute);
      return route;
    }),
  },
];

/** The shop at the router's location; a failure of the layout itself shows the error page alone. */
export function AppRoutes() {
  const location = useLocation();
  const element = useRoutes(routes);
  return (
    <RenderErrorBoundary fallback={<ErrorPage />} resetKey={location.pathname}>
      {element}
      <DocumentHead />
    </RenderErrorBoundary>
  );
}

/**
 * Keeps the document's title and description those of the page on screen as the shopper moves
 * through the shop (the server writes the first page's into its HTML, D17). Renders nothing.
 */
const DocumentHead = observer(function DocumentHead() {
  const container = useContainer();
  const { pathname, search } = useLocation();
  const { title, description } = routeHead(container, new URL(`${pathname}${search}`, 'http://shop'));
  useEffect(() => {
    document.title = title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
  return null;
});

/** The route of `pathname` and where it is. */
function matchPage(pathname: string): { route: PageRoute; params: Params } | undefined {
  const match = matchRoutes(routes, pathname)?.at(-1);
  const route = match && pageOf.get(match.route);
  return route && match ? { route, params: match.params } : undefined;
}

/**
 * Loads the page of `pathname` (and nothing else), so the first render shows it at once:
 * before the first paint in the browser, before a story's first frame, before a server render.
 */
export async function preloadPage(pathname: string): Promise<void> {
  await matchPage(pathname)?.route.page.load();
}

/** The module of the page at `pathname` when the server renders it (D17), as the build's manifest names it. */
export function serverRenderedSource(pathname: string): string | undefined {
  const route = matchPage(pathname)?.route;
  return route?.server ? route.source : undefined;
}

/**
 * The URL patterns of the shop's own pages (`/`, `/product/:id`, `/productlist/:catId?`, ...), every
 * route but the not-found one: a server answers each with the page by a route of its own; any
 * other path is the not-found page.
 */
export const PAGE_PATHS: readonly string[] = pageRoutes.flatMap(({ index, path }) =>
  index ? ['/'] : path === undefined || path === '*' ? [] : [`/${path}`],
);

/** Every server-rendered route's module path and its page's loader (tests check the path is the module loaded). */
export function serverRenderedPages(): Array<{ source: string | undefined; load: () => Promise<PageModule> }> {
  return pageRoutes.filter((route) => route.server).map((route) => ({ source: route.source, load: () => route.page.load() }));
}

/**
 * Loads what the first render of `url` shows: the layout's category tree and seller (footer), and the page's own data
 * (its chunk first, then its stores bound). The server runs it before rendering, the browser before hydrating that render.
 */
export async function prepareRoute(container: ServiceContainer, url: URL): Promise<void> {
  const match = matchPage(url.pathname);
  const page = match && withStores(container, await match.route.page.load());
  await Promise.all([
    container.get(CATALOG.categories).load(),
    container.get(CATALOG.legal).seller.load(),
    match?.route.server ? page?.prepare?.(container, { params: match.params, search: url.searchParams }) : undefined,
  ]);
}

/** The title and description of the page at `url`, from its loaded stores; the shop's own for a page without one. */
export function routeHead(container: ServiceContainer, url: URL): PageHead {
  const match = matchPage(url.pathname);
  const page = match?.route.page.loaded();
  if (!match || !page?.head) return { title: messages.head.shopTitle, description: messages.head.shopDescription };
  // The head reads the page's stores: bound here if the page has not rendered in this container yet.
  withStores(container, page);
  return page.head(container, { params: match.params, search: url.searchParams });
}
