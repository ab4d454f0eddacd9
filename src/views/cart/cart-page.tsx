import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CartItem } from '../../domain/cart-item';
import { messages } from '../../texts/messages';
import { formatPrice } from '../../texts/money-format';
import { CORE } from '../../di/modules/core-module';
import { useService } from '../../di/react';
import { GuestCheckoutModal } from '../auth/guest-checkout-modal';
import { QuantityStepper } from '../shared/quantity-stepper';
import { EmptyText } from '../shared/status-text';
import type { PageModule } from '../page-module';
import { WhenCartEmpty, WhenCartFilled } from './early-cart';
import { useShownCart } from '../shared/use-shown-cart';
import { OrderSummary } from './order-summary';
import { pictureSources } from '../shared/picture-sources';
import './cart-page.css';

/** How wide an item's picture is shown: cart-page.css .cart-item__media. */
const ITEM_PICTURE_SIZES = '140px';

/** /cart: the items and the Order Summary (SPEC section 2, D1). */
export const CartPage = observer(function CartPage() {
  const cart = useShownCart();
  return (
    <section className="page cart-page">
      <h1>{messages.layout.cart}</h1>
      <div className="cart-page__layout">
        <div className="cart-page__items">
          {!cart.known ? (
            // The stored cart, before the page is hydrated (D20): its empty text, or room for its lines.
            <>
              <WhenCartEmpty>
                <EmptyText>{messages.cart.empty}</EmptyText>
              </WhenCartEmpty>
              <WhenCartFilled>
                <div className="cart-page__placeholder" />
              </WhenCartFilled>
            </>
          ) : cart.isEmpty ? (
            <EmptyText>{messages.cart.empty}</EmptyText>
          ) : (
            <ul className="cart-page__list">
              {cart.items.map((item) => (
                <li key={item._id}>
                  <CartItemCard item={item} />
                </li>
              ))}
            </ul>
          )}
        </div>
        <OrderSummary>
          <ProceedToCheckout />
        </OrderSummary>
      </div>
    </section>
  );
});

/**
 * Signed in: on to /check-out. A guest gets the login / guest verification modal (SPEC section 2,
 * D9). An empty cart has nothing to check out: the button is disabled (before the page is
 * hydrated, when the first-paint script found no stored cart: cart-page.css).
 */
const ProceedToCheckout = observer(function ProceedToCheckout() {
  const session = useService(CORE.session);
  const cart = useShownCart();
  const navigate = useNavigate();
  const [guestModalOpen, setGuestModalOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={`button button--primary button--block cart-page__proceed${cart.known ? '' : ' cart-page__proceed--early'}`}
        disabled={cart.known && cart.isEmpty}
        onClick={() => (session.isLoggedIn ? navigate('/check-out') : setGuestModalOpen(true))}
      >
        {messages.cart.proceedToCheckout}
      </button>
      <GuestCheckoutModal open={guestModalOpen} onClose={() => setGuestModalOpen(false)} />
    </>
  );
});

const CartItemCard = observer(function CartItemCard({ item }: { item: CartItem }) {
  const cart = useService(CORE.cart);
  const alerts = useService(CORE.alerts);
  const image = item.images[0];
  return (
    <article className="cart-item">
      <div className="cart-item__media">
        {image ? <img {...pictureSources(image, ITEM_PICTURE_SIZES)} alt={item.prodName} /> : null}
        <button
          type="button"
          className="cart-item__remove"
          aria-label={`${messages.cart.remove}: ${item.prodName}`}
          onClick={() => {
            cart.remove(item._id);
            alerts.show(messages.cart.productRemoved);
          }}
        >
          {messages.cart.remove}
        </button>
      </div>
      <div className="cart-item__body">
        <h2 className="cart-item__name">{item.prodName}</h2>
        <p className="cart-item__price">{formatPrice(item.prodPrice) ?? messages.product.priceUnavailable}</p>
        <QuantityStepper
          label={item.prodName}
          value={item.quantity}
          onDecrease={() => cart.decrease(item._id)}
          onIncrease={() => cart.increase(item._id)}
        />
      </div>
    </article>
  );
});

export const cartPage: PageModule = {
  Component: CartPage,
  head: () => ({ title: messages.head.pageTitle(messages.layout.cart), description: messages.head.cartDescription }),
};
