import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { messages } from '../../texts/messages';
import { formatUsd } from '../../texts/money-format';
import { EarlyCartQuantity, FigurePlaceholder, WhenCartEmpty, WhenCartFilled } from './early-cart';
import { useShownCart } from '../shared/use-shown-cart';
import './order-summary.css';

/**
 * Product Total, Items in Cart, Shipping and Total Price (SPEC section 2, D1), shown by the cart
 * and the checkout alike; `children` is the page's own action.
 */
export const OrderSummary = observer(function OrderSummary({ children }: { children?: ReactNode }) {
  const cart = useShownCart();
  const { summary } = cart;
  /** A figure of the summary; before the page is hydrated, an empty cart's or a placeholder (D20). */
  const figure = (text: ReactNode, early: ReactNode = <FigurePlaceholder />) =>
    cart.known ? (
      text
    ) : (
      <>
        <WhenCartEmpty>{text}</WhenCartEmpty>
        <WhenCartFilled>{early}</WhenCartFilled>
      </>
    );
  return (
    <aside className="order-summary" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title">{messages.cart.orderSummary}</h2>
      <dl className="order-summary__rows">
        <div>
          <dt>{messages.cart.productTotal}</dt>
          <dd>{figure(formatUsd(summary.productTotal))}</dd>
        </div>
        <div>
          <dt>{messages.cart.itemsInCart}</dt>
          <dd>{figure(summary.itemCount, <EarlyCartQuantity />)}</dd>
        </div>
        <div>
          <dt>{messages.cart.shipping}</dt>
          <dd>{figure(summary.freeShipping ? messages.cart.freeShipping : formatUsd(summary.shipping))}</dd>
        </div>
        <div className="order-summary__total">
          <dt>{messages.cart.totalPrice}</dt>
          <dd>{figure(formatUsd(summary.total))}</dd>
        </div>
      </dl>
      {children}
    </aside>
  );
});
