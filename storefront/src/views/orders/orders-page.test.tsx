import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../../tests/support/render-screen';
import { type FakeAdapterSet, createFakeAdapters } from '../../di/fake-adapters';
import { placeDemoOrders, signedInSession } from '../../adapters/fake/fake-world';
import { CORE } from '../../di/modules/core-module';
import type { ServiceContainer } from '../../di/react';
import type { AdapterSet } from '../../di/tokens';
import { ConfirmDialog } from '../layout/confirm-dialog';
import { OrderDetailPage } from './order-detail-page';
import { OrdersPage } from './orders-page';

const withOrders =
  (count: number, cancelled = 0) =>
  (services: ServiceContainer, adapters: AdapterSet) => {
    placeDemoOrders(adapters, count, { cancelled });
    signedInSession(adapters);
    services.get(CORE.session).start();
  };

describe('OrdersPage', () => {
  it('a guest sees the placeholder', async () => {
    await renderScreen(<OrdersPage />, { route: '/orders' });
    expect(screen.getByText('Your orders will be listed here.')).toBeInTheDocument();
  });

  it('lists date, number, item count, total and status, newest first', async () => {
    await renderScreen(<OrdersPage />, { route: '/orders', setup: withOrders(2, 1) });
    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual(['SF-000002', 'SF-000001']);
    expect(within(rows[0]!).getByText('Cancelled')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Placed')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('1 item')).toBeInTheDocument();
    expect(within(rows[1]!).getByText(/^\$[\d,]+\.\d{2}$/)).toBeInTheDocument();
  });

  it('says when there are no orders', async () => {
    await renderScreen(<OrdersPage />, { route: '/orders', setup: withOrders(0) });
    expect(await screen.findByText('You have no orders yet.')).toBeInTheDocument();
  });

  it('shows the error text of a failed call', async () => {
    await renderScreen(<OrdersPage />, {
      route: '/orders',
      setup: (services, adapters) => {
        (adapters as FakeAdapterSet).orders.server.failWith = { status: 500, message: 'Down' };
        withOrders(0)(services, adapters);
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error fetching orders: Down');
  });

  it('pages 20 orders at a time', async () => {
    const { user } = await renderScreen(<OrdersPage />, { route: '/orders', setup: withOrders(21) });
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(21);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(2);
  });
});

describe('OrderDetailPage', () => {
  /** A fresh fake world gives its first order the same id every time. */
  const ORDER_ID = placeDemoOrders(createFakeAdapters(), 1)[0] ?? '';
  const open = (cancelled = 0) =>
    renderScreen(
      <>
        <OrderDetailPage />
        <ConfirmDialog />
      </>,
      { route: `/orders/${ORDER_ID}`, path: '/orders/:id', setup: withOrders(1, cancelled) },
    );

  it('shows lines at their prices, both addresses, payment, shipping, total and status', async () => {
    await open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Order SF-000001' })).toBeInTheDocument();
    const lines = screen.getByRole('table', { name: 'Order lines' });
    expect(within(lines).getAllByRole('row')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Billing Address' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Shipping Address' })).toBeInTheDocument();
    expect(screen.getByText('Cash on delivery')).toBeInTheDocument();
    expect(screen.getByText('Shipping').nextSibling).toHaveTextContent('$100.00');
    expect(screen.getByText('Placed')).toBeInTheDocument();
  });

  it("'Cancel order' asks in the page (D14); No keeps it, Yes cancels it", async () => {
    const { user, services } = await open();
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to cancel order SF-000001?');
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(screen.getByText('Placed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    expect(services.get(CORE.alerts).alerts.map((alert) => alert.message)).toEqual(['Your order has been cancelled.']);
  });

  it('a cancelled order offers no cancel', async () => {
    await open(1);
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it("another id is the server's 404", async () => {
    await renderScreen(<OrderDetailPage />, { route: '/orders/0123456789abcdef01234567', path: '/orders/:id', setup: withOrders(0) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error fetching order: Order not found.');
  });

  it('a guest is sent to /orders', async () => {
    await renderScreen(<OrderDetailPage />, { route: '/orders/0123456789abcdef01234567', path: '/orders/:id' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/orders'));
  });
});
