import { observer } from 'mobx-react-lite';
import { useEffect, useId } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router-dom';
import type { AcceptedContract } from '@shop/core/domain/contract';
import type { Order, OrderAddress } from '@shop/core/domain/order';
import { ORDERS, orderFeature } from '../../di/modules/order-module';
import { useStore } from '../../di/react';
import { formatDateTime } from '../../texts/date-format';
import { accountMessages } from '../../texts/account-messages';
import { formatUsd } from '../../texts/money-format';
import { RequireSession } from '../layout/require-session';
import { LegalDocuments } from '../legal/legal-documents';
import { AddressSummary } from '../profile/address/address-summary';
import { ErrorText, LoadingText } from '../shared/status-text';
import type { PageModule } from '../../shell/page-module';
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
  const detail = useStore(ORDERS.detail);
  useEffect(() => {
    void detail.open(id);
  }, [detail, id]);
  const { order } = detail;

  return (
    <section className="page order-page" aria-labelledby="order-title">
      <p className="order-page__back">
        <Link to="/orders">{accountMessages.orders.backToOrders}</Link>
      </p>
      {order.status === 'loading' ? <LoadingText>{accountMessages.orders.loadingOrder}</LoadingText> : null}
      {order.status === 'error' ? <ErrorText>{accountMessages.orders.errorFetchingOrder(order.message)}</ErrorText> : null}
      {order.status === 'loaded' ? <OrderView order={order.data} placed={placed} /> : null}
    </section>
  );
});

const OrderView = observer(function OrderView({ order, placed }: { order: Order; placed: boolean }) {
  const detail = useStore(ORDERS.detail);
  return (
    <>
      <h1 id="order-title">{accountMessages.orders.orderTitle(order.orderNumber)}</h1>
      {placed ? (
        <p className="order-page__confirmation" role="status">
          {accountMessages.orders.placed(order.orderNumber)}
        </p>
      ) : null}
      <p className="order-page__meta">
        <span className={`order-status order-status--${order.status}`}>{accountMessages.orders.statuses[order.status]}</span>
        <span>{accountMessages.orders.placedOn(formatDateTime(order.createdAt))}</span>
        {order.cancelledAt ? <span>{accountMessages.orders.cancelledOn(formatDateTime(order.cancelledAt))}</span> : null}
      </p>
      <table className="orders-table order-lines" aria-label={accountMessages.orders.lines}>
        <thead>
          <tr>
            <th scope="col">{accountMessages.orders.product}</th>
            <th scope="col">{accountMessages.orders.unitPrice}</th>
            <th scope="col">{accountMessages.orders.quantity}</th>
            <th scope="col">{accountMessages.orders.lineTotal}</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={`${line.productId}/${line.variantId ?? ''}`}>
              <td data-label={accountMessages.orders.product}>
                {line.prodName}
                {line.variantLabel ? <span className="order-line__variant">{line.variantLabel}</span> : null}
              </td>
              <td data-label={accountMessages.orders.unitPrice}>{formatUsd(line.prodPrice)}</td>
              <td data-label={accountMessages.orders.quantity}>{line.quantity}</td>
              <td data-label={accountMessages.orders.lineTotal}>{formatUsd(line.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="order-page__columns">
        <dl className="order-summary__rows order-page__totals">
          <div>
            <dt>{accountMessages.orders.productTotal}</dt>
            <dd>{formatUsd(order.productTotal)}</dd>
          </div>
          <div>
            <dt>{accountMessages.orders.shipping}</dt>
            <dd>{formatUsd(order.shippingFee)}</dd>
          </div>
          <div className="order-summary__total">
            <dt>{accountMessages.orders.total}</dt>
            <dd>{formatUsd(order.total)}</dd>
          </div>
          <div>
            <dt>{accountMessages.orders.paymentMethod}</dt>
            <dd>{accountMessages.checkout.paymentMethods[order.paymentMethod]}</dd>
          </div>
        </dl>
        <OrderAddressBox title={accountMessages.orders.billingAddress} address={order.billingAddress} />
        <OrderAddressBox title={accountMessages.orders.shippingAddress} address={order.shippingAddress} />
      </div>
      {order.contract ? <OrderContract contract={order.contract} /> : null}
      {order.status === 'placed' ? (
        <button type="button" className="button order-page__cancel" disabled={!detail.canCancel} onClick={() => void detail.cancel()}>
          {detail.cancelling ? accountMessages.orders.cancelling : accountMessages.orders.cancel}
        </button>
      ) : null}
    </>
  );
});

/** D24: the pre-information form and the distance sales contract accepted with the order, again. */
function OrderContract({ contract }: { contract: AcceptedContract }) {
  const id = useId();
  const texts = accountMessages.orders;
  return (
    <section className="order-page__contract" aria-labelledby={id}>
      <h2 id={id} lang="tr">
        {texts.contractTitle}
      </h2>
      <p className="order-page__contract-meta">{texts.contractAccepted(formatDateTime(contract.acceptedAt), contract.version)}</p>
      {contract.documents.length > 0 ? (
        <LegalDocuments documents={contract.documents} />
      ) : (
        <p className="order-page__contract-meta">{texts.contractRedacted(contract.sha256)}</p>
      )}
    </section>
  );
}

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

export const orderDetailPage: PageModule = { Component: OrderDetailPage, features: [orderFeature] };
