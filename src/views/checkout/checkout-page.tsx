import { observer } from 'mobx-react-lite';
import { Navigate } from 'react-router-dom';
import { messages } from '../../texts/messages';
import { CORE } from '../../di/modules/core-module';
import { useService } from '../../di/react';
import { RequireSession } from '../layout/require-session';
import { EmptyText } from '../shared/status-text';
import { AddressBox } from './address-box';
import { AddressPicker } from './address-picker';
import { OrderSummary } from '../cart/order-summary';
import './checkout-page.css';

const CHECK_OUT_NOTE_ID = 'checkout-unavailable-note';

/**
 * /check-out (SPEC section 2). Checkout needs a user (SPEC 6, D9): a guest is sent to /cart, where
 * Proceed to Checkout offers the login modal or the guest verification mail.
 */
export function CheckoutPage() {
  return (
    <RequireSession signedOut={<Navigate to="/cart" replace />}>
      <Checkout />
    </RequireSession>
  );
}

/** Billing and shipping address boxes, the cart as thumbnails, and 'Check Out'. */
const Checkout = observer(function Checkout() {
  const cart = useService(CORE.cart);
  const alerts = useService(CORE.alerts);

  return (
    <section className="page checkout-page" aria-labelledby="checkout-title">
      <h1 id="checkout-title">{messages.checkout.title}</h1>
      <div className="checkout-page__layout">
        <div className="checkout-page__main">
          <div className="checkout-page__boxes">
            <AddressBox role="billing" />
            <AddressBox role="shipping" />
          </div>
          <section className="checkout-page__items" aria-labelledby="checkout-items-title">
            <h2 id="checkout-items-title">{messages.checkout.cartItems}</h2>
            {cart.isEmpty ? (
              <EmptyText>{messages.cart.empty}</EmptyText>
            ) : (
              <ul className="checkout-page__thumbs">
                {cart.items.map((item) => (
                  <li key={item._id} className="checkout-thumb">
                    {item.images[0] ? <img src={item.images[0]} alt="" className="checkout-thumb__image" /> : null}
                    <span className="checkout-thumb__name">{item.prodName}</span>
                    <span className="checkout-thumb__quantity">{messages.checkout.quantity(item.quantity)}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
        <div className="checkout-page__side">
          <OrderSummary>
            {/* D9: shown, and harmless until orders exist; it says so instead of doing anything. */}
            <button
              type="button"
              className="button button--primary button--block"
              aria-describedby={CHECK_OUT_NOTE_ID}
              onClick={() => alerts.show(messages.checkout.checkOutUnavailable, 'info')}
            >
              {messages.checkout.checkOut}
            </button>
            <p id={CHECK_OUT_NOTE_ID} className="checkout-page__note">
              {messages.checkout.checkOutUnavailable}
            </p>
          </OrderSummary>
        </div>
      </div>
      <AddressPicker />
    </section>
  );
});
