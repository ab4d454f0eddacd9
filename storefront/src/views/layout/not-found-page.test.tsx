import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../../tests/support/render-screen';
import { AboutPage } from '../about/about-page';
import { OrdersPage } from '../orders/orders-page';
import { NotFoundPage } from './not-found-page';

describe('simple pages', () => {
  it('the not-found page says so and links home', async () => {
    await renderScreen(<NotFoundPage />, { route: '/no-such-page' });
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
  });

  it('About Us tells what the demo shop is, with its shipping rule (D1)', async () => {
    await renderScreen(<AboutPage />, { route: '/about' });
    expect(screen.getByRole('heading', { level: 1, name: 'About Us' })).toBeInTheDocument();
    expect(screen.getByText(/Shipping costs \$100 and is free on orders above \$20,000\./)).toBeInTheDocument();
    expect(screen.getByText(/This is a demonstration shop/)).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/Lorem ipsum/);
  });

  it('Orders shows its placeholder', async () => {
    await renderScreen(<OrdersPage />, { route: '/orders' });
    expect(screen.getByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
  });
});
