import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { lineKey } from '@shop/core/domain/cart';
import { PAYMENT_METHODS } from '@shop/core/domain/order';
import { messages } from '../../texts/messages';
import { accountMessages } from '../../texts/account-messages';
import { CORE } from '../../di/modules/core-module';
import { ORDERS, orderFeature } from '../../di/modules/order-module';
import { useStore } from '../../di/react';
import { RequireSession } from '../layout/require-session';
import { LegalDocuments } from '../legal/legal-documents';
import { EmptyText, ErrorText, LoadingText } from '../shared/status-text';
import { AddressBox } from './address-box';
import { AddressPicker } from './address-picker';
import { OrderSummary } from '../cart/order-summary';
import { pictureSources } from '../shared/picture-sources';
import type { PageModule } from '../../shell/page-module';
import './checkout-page.css';

const CHECK_OUT_PROBLEM_ID = 'checkout-problem';
const CONTRACT_BOX_ID = 'checkout-contract-accepted';
/** How wide an item's picture is shown: checkout-page.css .checkout-page__thumbs (140 px columns or a little wider). */
const ITEM_PICTURE_SIZES = '180px';

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

/** Billing and shipping address boxes, the cart as thumbnails, the payment choice and 'Check Out'. */
const Checkout = observer(function Checkout() {
  const cart = useStore(CORE.cart);

  return (
    <section className="page checkout-page" aria-labelledby="checkout-title">
      <h1 id="checkout-title">{accountMessages.checkout.title}</h1>
      <div className="with-summary checkout-page__layout">
        <div className="checkout-page__main">
          <div className="checkout-page__boxes">
            <AddressBox role="billing" />
            <AddressBox role="shipping" />
          </div>
          <section className="checkout-page__items" aria-labelledby="checkout-items-title">
            <h2 id="checkout-items-title">{accountMessages.checkout.cartItems}</h2>
            {cart.isEmpty ? (
              <EmptyText>{messages.cart.empty}</EmptyText>
            ) : (
              <ul className="checkout-page__thumbs">
                {cart.items.map((item) => (
                  <li key={lineKey(item)} className="checkout-thumb">
                    {item.images[0] ? (
                      <img {...pictureSources(item.images[0], ITEM_PICTURE_SIZES)} alt="" className="checkout-thumb__image" />
                    ) : null}
                    <span className="checkout-thumb__name">{item.prodName}</span>
                    {item.variantLabel ? <span className="checkout-thumb__variant">{item.variantLabel}</span> : null}
                    <span className="checkout-thumb__quantity">{accountMessages.checkout.quantity(item.quantity)}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <ContractSection />
        </div>
        <div className="checkout-page__side">
          <OrderSummary>
            <PaymentChoice />
            <CheckOutButton />
          </OrderSummary>
        </div>
      </div>
      <AddressPicker />
    </section>
  );
});

/**
 * D24: the pre-information form and the distance sales contract the server rendered for this
 * cart, these addresses and this payment method, each readable in full, and the one unticked box.
 */
const ContractSection = observer(function ContractSection() {
  const place = useStore(ORDERS.place);
  const key = place.contractKey;
  useEffect(() => {
    void place.loadContract();
  }, [place, key]);
  const texts = accountMessages.checkout;
  return (
    <section className="checkout-contract" aria-labelledby="checkout-contract-title" aria-busy={place.contractState === 'loading'}>
      <h2 id="checkout-contract-title" lang="tr">
        {texts.contractTitle}
      </h2>
      {place.contractState === 'waiting' ? <p className="checkout-page__note">{texts.contractWaiting}</p> : null}
      {place.contractState === 'loading' && !place.contract ? <LoadingText>{texts.contractLoading}</LoadingText> : null}
      {place.contractState === 'error' ? (
        <div className="checkout-contract__error">
          <ErrorText>{texts.contractError}</ErrorText>
          <button type="button" className="button" onClick={() => void place.loadContract()}>
            {texts.contractRetry}
          </button>
        </div>
      ) : null}
      {place.contract ? (
        <>
          <p className="checkout-page__note">{texts.contractIntro}</p>
          <LegalDocuments documents={place.contract.documents} />
          <label className="checkout-contract__accept" htmlFor={CONTRACT_BOX_ID}>
            <input
              id={CONTRACT_BOX_ID}
              type="checkbox"
              checked={place.accepted}
              disabled={place.placing || place.contractState !== 'loaded'}
              onChange={(event) => place.setAccepted(event.target.checked)}
            />
            <span>{texts.contractAccept}</span>
          </label>
        </>
      ) : null}
    </section>
  );
});

/** D19: payment at the door, cash or card. */
const PaymentChoice = observer(function PaymentChoice() {
  const place = useStore(ORDERS.place);
  return (
    <fieldset className="checkout-payment" disabled={place.placing}>
      <legend className="checkout-payment__legend">{accountMessages.checkout.paymentMethod}</legend>
      {PAYMENT_METHODS.map((method) => (
        <label key={method} className="checkout-payment__option">
          <input
            type="radio"
            name="payment-method"
            value={method}
            checked={place.paymentMethod === method}
            onChange={() => place.choosePayment(method)}
          />
          {accountMessages.checkout.paymentMethods[method]}
        </label>
      ))}
      <p className="checkout-page__note">{accountMessages.checkout.paymentNote}</p>
    </fieldset>
  );
});

/** 'Check Out' places the order, then opens it with a confirmation; why nothing was placed shows below. */
const CheckOutButton = observer(function CheckOutButton() {
  const place = useStore(ORDERS.place);
  const navigate = useNavigate();
  const checkOut = async (): Promise<void> => {
    const order = await place.place();
    if (order) void navigate(`/orders/${order.id}`, { state: { placed: true } });
  };
  return (
    <>
      <button
        type="button"
        className="button button--primary button--block"
        aria-busy={place.placing}
        aria-describedby={place.problem ? CHECK_OUT_PROBLEM_ID : undefined}
        disabled={place.placing}
        onClick={() => void checkOut()}
      >
        {place.placing ? accountMessages.checkout.placing : accountMessages.checkout.checkOut}
      </button>
      {place.problem ? (
        <p id={CHECK_OUT_PROBLEM_ID} className="checkout-page__problem" role="alert">
          {place.problem}
        </p>
      ) : null}
    </>
  );
});

export const checkoutPage: PageModule = { Component: CheckoutPage, features: [orderFeature] };
