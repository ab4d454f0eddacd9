import { describe, expect, it } from 'vitest';
import type { Address } from '../../domain/address';
import type { CartItem } from '../../domain/cart-item';
import type { Order, OrderRequest } from '../../domain/order';
import type { Outcome } from '../../domain/outcome';
import type { OrderGateway } from '../../ports/order-gateway';
import { PlaceOrderStore } from './place-order-store';

const address = (id: string): Address => ({ _id: id }) as Address;
const item = (id: string, quantity: number): CartItem => ({ _id: id, prodName: id, images: [], prodPrice: 10, quantity });
const placedOrder = { id: 'o1', orderNumber: 'SF-000001' } as Order;

function world(answers: Outcome<Order>[]) {
  const sent: { request: OrderRequest; key: string }[] = [];
  const gateway = {
    placeOrder: async (request: OrderRequest, key: string) => {
      sent.push({ request, key });
      return answers.shift() ?? { ok: true, data: placedOrder };
    },
  } as OrderGateway;
  const addresses = { billing: address('b1') as Address | null, shipping: address('s1') as Address | null };
  const cart = {
    items: [item('p1', 2)] as CartItem[],
    clear() {
      const had = this.items.length > 0;
      this.items = [];
      return had;
    },
  };
  let keys = 0;
  const store = new PlaceOrderStore(addresses, cart, gateway, () => `key-${++keys}-abcdef`);
  return { store, sent, addresses, cart };
}

describe('PlaceOrderStore', () => {
  it('sends the cart lines, both addresses and the payment method with a key, then empties the cart', async () => {
    const { store, sent, cart } = world([]);
    store.choosePayment('card-on-delivery');
    expect(await store.place()).toBe(placedOrder);
    expect(sent).toEqual([
      {
        request: {
          lines: [{ productId: 'p1', quantity: 2 }],
          billingAddressId: 'b1',
          shippingAddressId: 's1',
          paymentMethod: 'card-on-delivery',
        },
        key: 'key-1-abcdef',
      },
    ]);
    expect(cart.items).toEqual([]);
    expect(store.placing).toBe(false);
    expect(store.problem).toBeNull();
  });

  it('sends nothing without items or either address', async () => {
    const { store, sent, addresses, cart } = world([]);
    addresses.shipping = null;
    expect(await store.place()).toBeNull();
    expect(store.problem).toBe('Please choose a shipping address.');
    addresses.billing = null;
    await store.place();
    expect(store.problem).toBe('Please choose a billing address.');
    cart.items = [];
    await store.place();
    expect(store.problem).toBe('Your cart is empty. Add products before checking out.');
    expect(sent).toEqual([]);
  });

  it('retries with the same key after a network error, and a changed order gets a new key', async () => {
    const { store, sent, cart } = world([
      { ok: false, kind: 'unavailable', message: 'Network error' },
      { ok: false, kind: 'unavailable', message: 'Network error' },
    ]);
    await store.place();
    expect(store.problem).toMatch(/could not be sent/);
    expect(cart.items).toHaveLength(1);
    cart.items = [item('p1', 3)];
    await store.place();
    await store.place();
    expect(sent.map(({ key }) => key)).toEqual(['key-1-abcdef', 'key-2-abcdef', 'key-2-abcdef']);
    // Placed: the next order gets a key of its own.
    cart.items = [item('p1', 3)];
    await store.place();
    expect(sent.at(-1)?.key).toBe('key-3-abcdef');
  });

  it("words a refusal with the server's message, else the fallback; the session ending says nothing", async () => {
    const { store } = world([
      { ok: false, kind: 'rejected', message: 'Address not found.' },
      { ok: false, kind: 'rejected' },
      { ok: false, kind: 'unauthorised' },
    ]);
    await store.place();
    expect(store.problem).toBe('Address not found.');
    await store.place();
    expect(store.problem).toBe('Your order could not be placed.');
    await store.place();
    expect(store.problem).toBeNull();
  });
});
