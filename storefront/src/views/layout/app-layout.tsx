import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { messages } from '../../texts/messages';
import { SessionPopup } from '../auth/session-popup';
import { AlertRegion } from './alert-region';
import { ConfirmDialog } from './confirm-dialog';
import { Footer } from './footer';
import { InTurn } from '../../shell/hydration';
import { Logo } from './logo';
import { EarlyCartBadge } from '../shared/early-state';
import { useShownCart } from '../shared/use-shown-cart';
import { SearchForm } from './search-form';
import { SessionEndedHandler } from './session-ended-handler';
import { Sidebar } from './sidebar';
import './app-layout.css';

/**
 * The frame of every page: sidebar (a drawer below 768 px), the search field (D18), content,
 * footer, alerts and dialogs; where a session ends.
 */
export const AppLayout = observer(function AppLayout() {
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const sidebarId = useId();
  const location = useLocation();

  // The drawer closes once the shopper has picked where to go.
  useEffect(() => setSidebarOpen(false), [location.pathname, location.search]);

  return (
    <SessionEndedHandler>
      <div className="app">
        <a className="skip-link" href="#main-content">
          {messages.layout.skipToContent}
        </a>
        <InTurn>
          <header className="topbar">
            <button
              type="button"
              className="topbar__toggle"
              aria-label={messages.layout.toggleSidebar}
              aria-expanded={sidebarOpen}
              aria-controls={sidebarId}
              onClick={() => setSidebarOpen((open) => !open)}
            >
              <span className="topbar__bars" aria-hidden="true" />
            </button>
            <Logo />
            <CartLink />
          </header>
        </InTurn>
        <InTurn>
          <Sidebar id={sidebarId} open={sidebarOpen} />
        </InTurn>
        <div className="app__content">
          {/* Large screens: search above every page; phones have it in the sidebar drawer. */}
          <InTurn>
            <header className="app__header">
              <SearchForm />
            </header>
          </InTurn>
          <InTurn>
            <main id="main-content" className="app__main" tabIndex={-1}>
              <Outlet />
            </main>
          </InTurn>
          <InTurn>
            <Footer />
          </InTurn>
        </div>
        <AlertRegion />
        <ConfirmDialog />
        <SessionPopup />
      </div>
    </SessionEndedHandler>
  );
});

/** The top bar's way to the cart, with the count of items in it once the browser's cart is known. */
const CartLink = observer(function CartLink() {
  const cart = useShownCart();
  const count = cart.totalQuantity;
  return (
    <Link className="topbar__cart" to="/cart">
      <svg
        width="24"
        height="24"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M3 4h2l2.4 11h10.2L20 7H6.2" />
        <circle cx="9" cy="19" r="1.5" />
        <circle cx="17" cy="19" r="1.5" />
      </svg>
      <span className="visually-hidden">{messages.layout.cart}</span>
      {count > 0 ? ' ' : null}
      {count > 0 ? <span className="top-menu__badge">{count}</span> : null}
      {cart.known ? null : <EarlyCartBadge className="top-menu__badge" />}
    </Link>
  );
});
