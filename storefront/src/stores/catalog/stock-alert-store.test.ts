import { describe, expect, it, vi } from 'vitest';
import type { Outcome } from '@shop/core/domain/outcome';
import type { StockAlertGateway } from '@shop/core/ports/stock-alert-gateway';
import { StockAlertStore } from './stock-alert-store';

const gateway = (answer: Outcome<string>) => {
  const notifyWhenInStock = vi.fn<StockAlertGateway['notifyWhenInStock']>(async () => answer);
  return { notifyWhenInStock };
};

describe('StockAlertStore', () => {
  it('opens with the signed-in address, sends it for the product and variant, and shows the server message', async () => {
    const port = gateway({ ok: true, data: 'We will let you know.' });
    const store = new StockAlertStore(port, { productId: 'p', variantId: 'v' });
    store.open('ayse@example.com');
    expect(store.state).toEqual({ status: 'editing' });
    expect(store.email).toBe('ayse@example.com');
    const sent = store.send();
    expect(store.state).toEqual({ status: 'sending' });
    await sent;
    expect(port.notifyWhenInStock).toHaveBeenCalledWith({ productId: 'p', variantId: 'v', email: 'ayse@example.com' });
    expect(store.state).toEqual({ status: 'sent', message: 'We will let you know.' });
    await store.send();
    expect(port.notifyWhenInStock).toHaveBeenCalledTimes(1);
  });

  it('sends nothing for an address that is not one, and says so only after a try', async () => {
    const port = gateway({ ok: true, data: 'ok' });
    const store = new StockAlertStore(port, { productId: 'p' });
    store.open();
    store.setEmail('ayse@');
    expect(store.emailError).toBeUndefined();
    await store.send();
    expect(store.emailError).toBe('Enter a valid email address.');
    expect(port.notifyWhenInStock).not.toHaveBeenCalled();
    store.setEmail(' ayse@example.com ');
    expect(store.emailError).toBeUndefined();
    await store.send();
    expect(port.notifyWhenInStock).toHaveBeenCalledWith({ productId: 'p', email: 'ayse@example.com' });
  });

  it('shows a refusal with the server message, a network failure as such, and lets the shopper try again', async () => {
    const refused = new StockAlertStore(gateway({ ok: false, kind: 'rejected', message: 'Too many requests' }), { productId: 'p' });
    refused.open('a@b.co');
    await refused.send();
    expect(refused.state).toEqual({ status: 'failed', message: 'Error saving your request: Too many requests' });
    refused.setEmail('c@d.co');
    expect(refused.state).toEqual({ status: 'editing' });

    const down = new StockAlertStore(gateway({ ok: false, kind: 'unavailable' }), { productId: 'p' });
    down.open('a@b.co');
    await down.send();
    expect(down.state).toEqual({ status: 'failed', message: 'Error saving your request: Network error' });
  });
});
