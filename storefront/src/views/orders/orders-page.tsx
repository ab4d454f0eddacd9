import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { itemCount } from '@shop/core/domain/order';
import { ORDERS, orderFeature } from '../../di/modules/order-module';
import { useStore } from '../../di/react';
import { formatDateTime } from '../../texts/date-format';
import { messages } from '../../texts/messages';
import { accountMessages } from '../../texts/account-messages';
import { formatUsd } from '../../texts/money-format';
import { RequireSession } from '../layout/require-session';
import { EmptyText, ErrorText, LoadingText } from '../shared/status-text';
import type { PageModule } from '../../shell/page-module';
import './orders.css';

/**
 * /orders (D19): the signed-in user's orders, newest first, 20 a page. The page belongs to a
 * session (a session ending here goes home); a guest sees the placeholder.
 */
export function OrdersPage() {
  const placeholder = (
    <section className="page">
      <h1>{messages.layout.orders}</h1>
      <p className="page__note">{messages.layout.ordersPlaceholder}</p>
    </section>
  );
  return (
    <RequireSession signedOut={placeholder}>
      <OrderList />
    </RequireSession>
  );
}

const OrderList = observer(function OrderList() {
  const list = useStore(ORDERS.list);
  useEffect(() => {
    void list.load(0);
  }, [list]);
  const { page } = list;

  return (
    <section className="page orders-page" aria-labelledby="orders-title">
      <h1 id="orders-title">{accountMessages.orders.title}</h1>
      {page.status === 'loading' ? <LoadingText>{accountMessages.orders.loading}</LoadingText> : null}
      {page.status === 'error' ? <ErrorText>{accountMessages.orders.errorFetchingOrders(page.message)}</ErrorText> : null}
      {page.status === 'loaded' && page.data.orders.length === 0 ? <EmptyText>{accountMessages.orders.empty}</EmptyText> : null}
      {page.status === 'loaded' && page.data.orders.length > 0 ? (
        <>
          <table className="orders-table">
            <thead>
              <tr>
                <th scope="col">{accountMessages.orders.date}</th>
                <th scope="col">{accountMessages.orders.number}</th>
                <th scope="col">{accountMessages.orders.items}</th>
                <th scope="col">{accountMessages.orders.total}</th>
                <th scope="col">{accountMessages.orders.status}</th>
              </tr>
            </thead>
            <tbody>
              {page.data.orders.map((order) => (
                <tr key={order.id}>
                  <td data-label={accountMessages.orders.date}>{formatDateTime(order.createdAt)}</td>
                  <td data-label={accountMessages.orders.number}>
                    <Link to={`/orders/${order.id}`}>{order.orderNumber}</Link>
                  </td>
                  <td data-label={accountMessages.orders.items}>{accountMessages.orders.itemCount(itemCount(order))}</td>
                  <td data-label={accountMessages.orders.total}>{formatUsd(order.total)}</td>
                  <td data-label={accountMessages.orders.status}>
                    <span className={`order-status order-status--${order.status}`}>{accountMessages.orders.statuses[order.status]}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {list.pageCount > 1 ? (
            <nav className="orders-pages" aria-label={accountMessages.orders.pages}>
              <button type="button" className="button" disabled={list.pageIndex === 0} onClick={() => void list.load(list.pageIndex - 1)}>
                {accountMessages.orders.previousPage}
              </button>
              <span>{accountMessages.orders.page(list.pageIndex + 1, list.pageCount)}</span>
              <button
                type="button"
                className="button"
                disabled={list.pageIndex + 1 >= list.pageCount}
                onClick={() => void list.load(list.pageIndex + 1)}
              >
                {accountMessages.orders.nextPage}
              </button>
            </nav>
          ) : null}
        </>
      ) : null}
    </section>
  );
});

export const ordersPage: PageModule = { Component: OrdersPage, features: [orderFeature] };
