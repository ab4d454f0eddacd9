import { observer } from 'mobx-react-lite';
import { useEffect, useId } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router-dom';
import type { Order, OrderAddress } from '../../domain/order';
import { ORDERS } from '../../di/modules/order-module';
import { useService } from '../../di/react';
import { formatDateTime } from '../../texts/date-format';
import { messages } from '../../texts/messages';
import { formatUsd } from '../../texts/money-format';
import { RequireSession } from '../layout/require-session';
import { AddressSummary } from '../profile/address/address-summary';
import { ErrorText, LoadingText } from '../shared/status-text';
import '../cart/order-summary.css';
import './orders.css';

/** /orders/{id} (D19): one order of the signed-in user; a guest goes to /orders. */
export function OrderDetailPage() {
  return (
    <RequireSession signedOut={<Navigate to="/orders" replace />}>
      <OrderDetail />
    </RequireSession>
  );
}

const OrderDetail = observer(function OrderDetail() {
  const { id = '' } = useParams();
  const placed = (useLocation().state as { placed?: boolean } | null)?.placed === true;
  const detail = useService(ORDERS.detail);
  useEffect(() => {
    void detail.open(id);
  }, [detail, id]);
  const { order } = detail;

  return (
    <section className="page order-page" aria-labelledby="order-title">
      <p className="order-page__back">
        <Link to="/orders">{messages.orders.backToOrders}</Link>
      </p>
      {order.status === 'loading' ? <LoadingText>{messages.orders.loadingOrder}</LoadingText> : null}
      {order.status === 'error' ? <ErrorText>{messages.orders.errorFetchingOrder(order.message)}</ErrorText> : null}
      {order.status === 'loaded' ? <OrderView order={order.data} placed={placed} /> : null}
    </section>
  );
});

const OrderView = observer(function OrderView({ order, placed }: { order: Order; placed: boolean }) {
  const detail = useService(ORDERS.detail);
  return (
    <>
      <h1 id="order-title">{messages.orders.orderTitle(order.orderNumber)}</h1>
      {placed ? (
        <p className="order-page__confirmation" role="status">
          {messages.orders.placed(order.orderNumber)}
        </p>
      ) : null}
      <p className="order-page__meta">
        <span className={`order-status order-status--${order.status}`}>{messages.orders.statuses[order.status]}</span>
        <span>{messages.orders.placedOn(formatDateTime(order.createdAt))}</span>
        {order.cancelledAt ? <span>{messages.orders.cancelledOn(formatDateTime(order.cancelledAt))}</span> : null}
      </p>
      <table className="orders-table order-lines" aria-label={messages.orders.lines}>
        <thead>
          <tr>
            <th scope="col">{messages.orders.product}</th>
            <th scope="col">{messages.orders.unitPrice}</th>
            <th scope="col">{messages.orders.quantity}</th>
            <th scope="col">{messages.orders.lineTotal}</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.productId}>
              <td data-label={messages.orders.product}>{line.prodName}</td>
              <td data-label={messages.orders.unitPrice}>{formatUsd(line.prodPrice)}</td>
              <td data-label={messages.orders.quantity}>{line.quantity}</td>
              <td data-label={messages.orders.lineTotal}>{formatUsd(line.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="order-page__columns">
        <dl className="order-summary__rows order-page__totals">
          <div>
            <dt>{messages.orders.productTotal}</dt>
            <dd>{formatUsd(order.productTotal)}</dd>
          </div>
          <div>
            <dt>{messages.orders.shipping}</dt>
            <dd>{formatUsd(order.shippingFee)}</dd>
          </div>
          <div className="order-summary__total">
            <dt>{messages.orders.total}</dt>
            <dd>{formatUsd(order.total)}</dd>
          </div>
          <div>
            <dt>{messages.orders.paymentMethod}</dt>
            <dd>{messages.checkout.paymentMethods[order.paymentMethod]}</dd>
          </div>
        </dl>
        <OrderAddressBox title={messages.orders.billingAddress} address={order.billingAddress} />
        <OrderAddressBox title={messages.orders.shippingAddress} address={order.shippingAddress} />
      </div>
      {order.status === 'placed' ? (
        <button type="button" className="button order-page__cancel" disabled={!detail.canCancel} onClick={() => void detail.cancel()}>
          {detail.cancelling ? messages.orders.cancelling : messages.orders.cancel}
        </button>
      ) : null}
    </>
  );
});

function OrderAddressBox({ title, address }: { title: string; address: OrderAddress }) {
  const id = useId();
  return (
    <section className="order-page__address" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p className="order-page__address-name">
        <strong>{address.addressName}</strong>
        {address.receiverName ? <span> · {address.receiverName}</span> : null}
      </p>
      <AddressSummary address={address} />
    </section>
  );
}
