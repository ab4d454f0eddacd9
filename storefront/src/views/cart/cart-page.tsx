import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { lineKey } from '@shop/core/domain/cart';
import type { CartItem } from '@shop/core/domain/cart-item';
import { lineName } from '@shop/core/domain/order';
import type { LineCheck } from '../../stores/cart-availability-store';
import { messages } from '../../texts/messages';
import { formatPrice } from '../../texts/money-format';
import { accountFeature } from '../../di/modules/account-module';
import { CART, cartFeature } from '../../di/modules/cart-module';
import { CORE } from '../../di/modules/core-module';
import { useStore } from '../../di/react';
import { GuestCheckoutModal } from '../auth/guest-checkout-modal';
import { QuantityStepper } from '../shared/quantity-stepper';
import { EmptyText } from '../shared/status-text';
import type { PageModule } from '../../shell/page-module';
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
  const availability = useStore(CART.availability);
  // D25: whenever the cart page opens (and when a product joins the cart), ask the catalogue
  // whether each line can still be bought as it stands.
  const products = cart.items.map((item) => item._id).join(' ');
  useEffect(() => {
    if (products !== '') void availability.check();
  }, [availability, products]);
  return (
    <section className="page cart-page">
      <h1>{messages.layout.cart}</h1>
      <div className="with-summary cart-page__layout">
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
            <ul className="card-list cart-page__list">
              {cart.items.map((item) => (
                <li key={lineKey(item)}>
                  <CartItemCard item={item} check={availability.lineCheck(item)} />
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
  const session = useStore(CORE.session);
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

/** What a line says when it cannot be bought as it stands (D25); undefined when nothing to say. */
function lineWarning(check: LineCheck): string | undefined {
  if (check.status !== 'checked') return undefined;
  const { availability } = check;
  switch (availability.kind) {
    case 'available':
      return undefined;
    case 'sold-out':
      return messages.cart.lineSoldOut;
    case 'low':
      return messages.cart.lineOnlyLeft(availability.left);
    case 'gone':
      return messages.cart.lineGone;
    case 'choose-variant':
      return messages.cart.lineChooseVariant;
  }
}

const CartItemCard = observer(function CartItemCard({ item, check }: { item: CartItem; check: LineCheck }) {
  const cart = useStore(CORE.cart);
  const alerts = useStore(CORE.alerts);
  const image = item.images[0];
  const key = lineKey(item);
  const name = lineName(item);
  const warning = lineWarning(check);
  const id = useId();
  return (
    <article
      className={`cart-item${warning ? ' cart-item--warned' : ''}`}
      aria-labelledby={item.variantLabel ? `${id}-name ${id}-variant` : `${id}-name`}
      aria-describedby={warning ? `${id}-warning` : undefined}
      aria-busy={check.status === 'checking'}
    >
      <div className="cart-item__media">
        {image ? <img {...pictureSources(image, ITEM_PICTURE_SIZES)} alt={name} /> : null}
        <button
          type="button"
          className="cart-item__remove"
          aria-label={`${messages.cart.remove}: ${name}`}
          onClick={() => {
            cart.remove(key);
            alerts.show(messages.cart.productRemoved);
          }}
        >
          {messages.cart.remove}
        </button>
      </div>
      <div className="cart-item__body">
        <h2 className="cart-item__name" id={`${id}-name`}>
          {item.prodName}
        </h2>
        {item.variantLabel ? (
          <p className="cart-item__variant" id={`${id}-variant`}>
            {item.variantLabel}
          </p>
        ) : null}
        <p className="cart-item__price">{formatPrice(item.prodPrice) ?? messages.product.priceUnavailable}</p>
        <QuantityStepper label={name} value={item.quantity} onDecrease={() => cart.decrease(key)} onIncrease={() => cart.increase(key)} />
        {/* Always there (empty while checking or when all is well), so a warning moves nothing. */}
        <p className="cart-item__warning" id={`${id}-warning`}>
          {warning}
        </p>
      </div>
    </article>
  );
});

export const cartPage: PageModule = {
  Component: CartPage,
  // The cart's availability, and the guest checkout's sign-in form.
  features: [cartFeature, accountFeature],
  head: () => ({ title: messages.head.pageTitle(messages.layout.cart), description: messages.head.cartDescription }),
};
