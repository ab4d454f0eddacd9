import { type ComponentType, lazy, Suspense } from 'react';
import { matchRoutes, type RouteObject, useLocation, useRoutes } from 'react-router-dom';
import { AppLayout } from './layout/app-layout';
import { ErrorPage } from './layout/error-page';
import { RenderErrorBoundary } from './layout/render-error-boundary';

/** A page that loads on demand (its own chunk). */
interface LazyPage {
  /** Loads the page's chunk; once loaded, at once. */
  load(): Promise<ComponentType>;
  /** The page as a component: suspends only while its chunk is still on the way. */
  Component: ComponentType;
}

function lazyPage(importPage: () => Promise<ComponentType>): LazyPage {
  let loading: Promise<ComponentType> | undefined;
  let loaded: ComponentType | undefined;
  const load = () =>
    (loading ??= importPage().then(
      (page) => (loaded = page),
      (error: unknown) => {
        // A failed download (a deploy replaced the chunk, the network dropped) may be retried.
        loading = undefined;
        throw error;
      },
    ));
  // A loaded page is handed over synchronously, so rendering it never suspends: no fallback
  // frame after a preload, on the first paint or on a later visit.
  const Component = lazy(() => {
    const page = loaded;
    if (!page) return load().then((component) => ({ default: component }));
    // React reads a thenable that calls back at once as already settled (a Promise never does).
    const settled = { then: (resolve: (module: { default: ComponentType }) => void) => resolve({ default: page }) };
    return settled as unknown as Promise<{ default: ComponentType }>;
  });
  return { load, Component };
}

interface PageRoute {
  path?: string;
  index?: true;
  page: LazyPage;
}

const verifyEmail = lazyPage(async () => (await import('./auth/verify-email-page')).VerifyEmailPage);

/** Every route of SPEC section 2, in the layout. Pages load on demand (code-split). */
const pageRoutes: PageRoute[] = [
  { index: true, page: lazyPage(async () => (await import('./home/home-page')).HomePage) },
  { path: 'authpopup', page: lazyPage(async () => (await import('./auth/auth-popup-page')).AuthPopupPage) },
  { path: 'reset-password/:token', page: lazyPage(async () => (await import('./auth/reset-password-page')).ResetPasswordPage) },
  { path: 'verify-email/:token', page: verifyEmail },
  { path: 'verify-email-anonymous/:token', page: verifyEmail },
  { path: 'profile', page: lazyPage(async () => (await import('./profile/profile-page')).ProfilePage) },
  { path: 'orders', page: lazyPage(async () => (await import('./orders/orders-page')).OrdersPage) },
  { path: 'orders/:id', page: lazyPage(async () => (await import('./orders/order-detail-page')).OrderDetailPage) },
  { path: 'about', page: lazyPage(async () => (await import('./about/about-page')).AboutPage) },
  { path: 'cart', page: lazyPage(async () => (await import('./cart/cart-page')).CartPage) },
  { path: 'check-out', page: lazyPage(async () => (await import('./checkout/checkout-page')).CheckoutPage) },
  { path: 'productlist/:catId?', page: lazyPage(async () => (await import('./catalog/product-list-page')).ProductListPage) },
  { path: 'search', page: lazyPage(async () => (await import('./search/search-page')).SearchPage) },
  { path: 'product/:id', page: lazyPage(async () => (await import('./product/product-page')).ProductPage) },
  { path: '*', page: lazyPage(async () => (await import('./layout/not-found-page')).NotFoundPage) },
];

/** A page in the layout: a failure to render it (or to load it) shows the error page there (D13). */
function RoutePage({ page }: { page: LazyPage }) {
  const location = useLocation();
  return (
    <RenderErrorBoundary fallback={<ErrorPage />} resetKey={location.pathname}>
      <Suspense>
        <page.Component />
      </Suspense>
    </RenderErrorBoundary>
  );
}

/** Which page each route of the table shows (for preloadPage). */
const pageOf = new Map<RouteObject, LazyPage>();
const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    children: pageRoutes.map(({ path, index, page }) => {
      const element = <RoutePage page={page} />;
      const route: RouteObject = index ? { index, element } : { path, element };
      pageOf.set(route, page);
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
    </RenderErrorBoundary>
  );
}

/**
 * Loads the page of `pathname` (and nothing else), so the first render shows it at once:
 * before the first paint in the browser, before a story's first frame.
 */
export async function preloadPage(pathname: string): Promise<void> {
  const match = matchRoutes(routes, pathname)?.at(-1);
  await (match && pageOf.get(match.route))?.load();
}
