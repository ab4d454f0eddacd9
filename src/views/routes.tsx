import type { RouteObject } from 'react-router-dom';
import { AppLayout } from './layout/app-layout';
import { ErrorPage } from './layout/error-page';

/**
 * Every route of SPEC section 2. Pages load on demand (code-split); only the layout ships with
 * the first bundle.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <ErrorPage />,
    children: [
      {
        errorElement: <ErrorPage />,
        children: [
          { index: true, lazy: async () => ({ Component: (await import('./home/home-page')).HomePage }) },
          { path: 'authpopup', lazy: async () => ({ Component: (await import('./auth/auth-popup-page')).AuthPopupPage }) },
          {
            path: 'reset-password/:token',
            lazy: async () => ({ Component: (await import('./auth/reset-password-page')).ResetPasswordPage }),
          },
          {
            path: 'verify-email/:token',
            lazy: async () => ({ Component: (await import('./auth/verify-email-page')).VerifyEmailPage }),
          },
          {
            path: 'verify-email-anonymous/:token',
            lazy: async () => ({ Component: (await import('./auth/verify-email-page')).VerifyEmailPage }),
          },
          { path: 'profile', lazy: async () => ({ Component: (await import('./profile/profile-page')).ProfilePage }) },
          { path: 'orders', lazy: async () => ({ Component: (await import('./orders/orders-page')).OrdersPage }) },
          { path: 'orders/:id', lazy: async () => ({ Component: (await import('./orders/order-detail-page')).OrderDetailPage }) },
          { path: 'about', lazy: async () => ({ Component: (await import('./about/about-page')).AboutPage }) },
          { path: 'cart', lazy: async () => ({ Component: (await import('./cart/cart-page')).CartPage }) },
          { path: 'check-out', lazy: async () => ({ Component: (await import('./checkout/checkout-page')).CheckoutPage }) },
          {
            path: 'productlist/:catId?',
            lazy: async () => ({ Component: (await import('./catalog/product-list-page')).ProductListPage }),
          },
          { path: 'search', lazy: async () => ({ Component: (await import('./search/search-page')).SearchPage }) },
          { path: 'product/:id', lazy: async () => ({ Component: (await import('./product/product-page')).ProductPage }) },
          { path: '*', lazy: async () => ({ Component: (await import('./layout/not-found-page')).NotFoundPage }) },
        ],
      },
    ],
  },
];
