import { describe, expect, it } from 'vitest';
import type { Address } from '@shop/core/domain/address';
import type { CartItem } from '@shop/core/domain/cart-item';
import type { ContractAcceptance, ContractChanged, OrderContract } from '@shop/core/domain/contract';
import { notEnoughStockMessage, type Order, type OrderRequest, type OutOfStock } from '@shop/core/domain/order';
import type { Outcome } from '@shop/core/domain/outcome';
import type { OrderGateway } from '@shop/core/ports/order-gateway';
import { PlaceOrderStore } from './place-order-store';

const address = (id: string): Address => ({ _id: id }) as Address;
const item = (id: string, quantity: number): CartItem => ({ _id: id, prodName: id, images: [], prodPrice: 10, quantity });
const placedOrder = { id: 'o1', orderNumber: 'SF-000001' } as Order;

const contractFor = (request: OrderRequest): OrderContract => ({
  version: 'v1',
  sha256: `hash-of-${JSON.stringify(request)}`,
  documents: [{ kind: 'pre-information', title: 'Ön Bilgilendirme Formu', text: 'Metin' }],
});

function world(answers: Outcome<Order, ContractChanged | OutOfStock>[], contracts: Outcome<OrderContract>[] = []) {
  const sent: { request: OrderRequest; key: string; acceptance: ContractAcceptance }[] = [];
  const rendered: OrderRequest[] = [];
  const gateway = {
    orderContract: async (request: OrderRequest) => {
      rendered.push(request);
      return contracts.shift() ?? { ok: true, data: contractFor(request) };
    },
    placeOrder: async (request: OrderRequest, acceptance: ContractAcceptance, key: string) => {
      sent.push({ request, key, acceptance });
      return answers.shift() ?? { ok: true, data: placedOrder };
    },
  } as unknown as OrderGateway;
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
  /** What the shopper does before 'Check Out' (D24): the documents load, they tick the box. */
  const readAndAccept = async () => {
    await store.loadContract();
    store.setAccepted(true);
  };
  return { store, sent, rendered, addresses, cart, readAndAccept };
}

describe('PlaceOrderStore', () => {
  it('sends the cart lines, both addresses and the payment method with a key, then empties the cart', async () => {
    const { store, sent, cart, readAndAccept } = world([]);
    store.choosePayment('card-on-delivery');
    await readAndAccept();
    expect(await store.place()).toBe(placedOrder);
    const request = {
      lines: [{ productId: 'p1', quantity: 2 }],
      billingAddressId: 'b1',
      shippingAddressId: 's1',
      paymentMethod: 'card-on-delivery' as const,
    };
    expect(sent).toEqual([
      { request, key: 'key-1-abcdef', acceptance: { accepted: true, version: 'v1', sha256: contractFor(request).sha256 } },
    ]);
    expect(store.accepted).toBe(false);
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
    const { store, sent, cart, readAndAccept } = world([
      { ok: false, kind: 'unavailable', message: 'Network error' },
      { ok: false, kind: 'unavailable', message: 'Network error' },
    ]);
    await readAndAccept();
    await store.place();
    expect(store.problem).toMatch(/could not be sent/);
    expect(cart.items).toHaveLength(1);
    cart.items = [item('p1', 3)];
    await readAndAccept();
    await store.place();
    await store.place();
    expect(sent.map(({ key }) => key)).toEqual(['key-1-abcdef', 'key-2-abcdef', 'key-2-abcdef']);
    // Placed: the next order gets a key of its own.
    cart.items = [item('p1', 3)];
    await readAndAccept();
    await store.place();
    expect(sent.at(-1)?.key).toBe('key-3-abcdef');
  });

  it("words a refusal with the server's message, else the fallback; the session ending says nothing", async () => {
    const { store, readAndAccept } = world([
      { ok: false, kind: 'rejected', message: 'Address not found.' },
      { ok: false, kind: 'rejected' },
      { ok: false, kind: 'unauthorised' },
    ]);
    await readAndAccept();
    await store.place();
    expect(store.problem).toBe('Address not found.');
    await store.place();
    expect(store.problem).toBe('Your order could not be placed.');
    await store.place();
    expect(store.problem).toBeNull();
  });

  it('D24: sends nothing until the documents are loaded and the box is ticked, and says what is missing', async () => {
    const { store, sent, rendered } = world([]);
    expect(store.accepted).toBe(false);
    expect(await store.place()).toBeNull();
    expect(store.problem).toBe(
      'The pre-information form and the distance sales contract are not loaded yet. Please read them, then place your order.',
    );
    await store.loadContract();
    expect(store.contractState).toBe('loaded');
    expect(store.contract?.documents[0]?.title).toBe('Ön Bilgilendirme Formu');
    expect(await store.place()).toBeNull();
    expect(store.problem).toBe('Please read and accept the Pre-Information Form and the Distance Sales Contract to place your order.');
    store.setAccepted(true);
    expect(store.problem).toBeNull();
    expect(await store.place()).toBe(placedOrder);
    expect(sent).toHaveLength(1);
    expect(rendered.length).toBeGreaterThan(0);
  });

  it('D24: a changed request loads its own documents and unticks the box', async () => {
    const { store, sent, cart, readAndAccept } = world([]);
    await readAndAccept();
    const first = store.contract?.sha256;
    cart.items = [item('p1', 5)];
    await store.loadContract();
    expect(store.contract?.sha256).not.toBe(first);
    expect(store.accepted).toBe(false);
    expect(await store.place()).toBeNull();
    expect(sent).toEqual([]);
  });

  it('D24: waits for both addresses; a failed load is an error state; a 409 reloads the documents to be accepted again', async () => {
    const { store, addresses, readAndAccept, rendered } = world(
      [{ ok: false, kind: 'rejected', reason: 'contract-changed', message: 'changed' }],
      [{ ok: false, kind: 'unavailable', message: 'Network error' }],
    );
    addresses.shipping = null;
    await store.loadContract();
    expect([store.contractState, store.contractKey]).toEqual(['waiting', '']);
    addresses.shipping = address('s1');
    await store.loadContract();
    expect(store.contractState).toBe('error');
    await readAndAccept();
    expect(store.contractState).toBe('loaded');
    await store.place();
    expect(store.problem).toBe('The contract changed (for example a price). Please read the updated contract and accept it again.');
    await Promise.resolve();
    expect(rendered).toHaveLength(3);
    expect([store.accepted, store.contractState]).toEqual([false, 'loaded']);
  });

  it('D25: sends the variant of each line that has one', async () => {
    const { store, sent, cart, readAndAccept } = world([]);
    cart.items = [
      { ...item('p1', 1), variantId: 'v-m', variantLabel: 'M' },
      { ...item('p1', 2), variantId: 'v-l', variantLabel: 'L' },
      item('p2', 1),
    ];
    await readAndAccept();
    await store.place();
    expect(sent[0]?.request.lines).toEqual([
      { productId: 'p1', variantId: 'v-m', quantity: 1 },
      { productId: 'p1', variantId: 'v-l', quantity: 2 },
      { productId: 'p2', quantity: 1 },
    ]);
  });

  it("D25: a 409 for stock shows the server's message and keeps the cart, the documents and the tick: it is no changed contract", async () => {
    const message = notEnoughStockMessage({ prodName: 'Tişört', variantLabel: 'M / Siyah', left: 1 });
    const { store, cart, readAndAccept, rendered } = world([{ ok: false, kind: 'rejected', reason: 'out-of-stock', message }]);
    await readAndAccept();
    const contract = store.contract;
    expect(await store.place()).toBeNull();
    expect(store.problem).toBe('Only 1 of Tişört (M / Siyah) left in stock. Please update your cart.');
    await Promise.resolve();
    expect(rendered).toHaveLength(1);
    expect([store.accepted, store.contractState, store.contract]).toEqual([true, 'loaded', contract]);
    expect(cart.items).toEqual([item('p1', 2)]);
  });
});
