import { beforeEach, describe, expect, it } from 'vitest';
import { acceptanceOf } from '@shop/core/domain/contract';
import type { OrderRequest } from '@shop/core/domain/order';
import { DEMO_HOME_ADDRESS_ID, DEMO_USER_ID, DEMO_WORK_ADDRESS_ID } from './demo-account';
import { demoProducts } from './demo-catalog';
import { FakeAccountStore } from './fake-account-store';
import { FakeClock } from './fake-clock';
import { CONTRACT_CHANGED, CONTRACT_NOT_ACCEPTED, FakeOrderGateway } from './fake-order-gateway';
import { FakeSessionCredentials } from './fake-session-credentials';
import { variantShirt } from './variant-product-fixture';

let orders: FakeOrderGateway;
let store: FakeAccountStore;

const [cheap, other] = demoProducts.filter((product) => product.prodPrice !== undefined && product.prodPrice < 5000);
const request = (quantity = 2): OrderRequest => ({
  lines: [
    { productId: cheap!._id, quantity },
    { productId: other!._id, quantity: 1 },
  ],
  billingAddressId: DEMO_HOME_ADDRESS_ID,
  shippingAddressId: DEMO_WORK_ADDRESS_ID,
  paymentMethod: 'card-on-delivery',
});

/** As the checkout does (D24): the documents for the request, then the order accepting them. */
async function place(wanted: OrderRequest, key: string) {
  const contract = await orders.orderContract(wanted);
  if (!contract.ok) return contract;
  return orders.placeOrder(wanted, acceptanceOf(contract.data), key);
}

beforeEach(() => {
  store = new FakeAccountStore({ clock: new FakeClock() });
  const { accessToken } = store.startSession(DEMO_USER_ID);
  orders = new FakeOrderGateway(store, { session: new FakeSessionCredentials(accessToken) });
});

describe('FakeOrderGateway', () => {
  it('prices from the demo catalogue with the shipping fee (D1), addresses as they were', async () => {
    const placed = await place(request(), 'key-one-abc');
    if (!placed.ok) throw new Error('expected an order');
    const productTotal = Math.round((cheap!.prodPrice! * 2 + other!.prodPrice!) * 100) / 100;
    expect(placed.data).toMatchObject({ orderNumber: 'SF-000001', status: 'placed', productTotal, shippingFee: 100 });
    expect(placed.data.total).toBeCloseTo(productTotal + 100, 2);
    expect(placed.data.shippingAddress._id).toBe(DEMO_WORK_ADDRESS_ID);
  });

  it('the same key and request is the same order; the same key with another request is 422', async () => {
    const first = await place(request(), 'key-one-abc');
    const again = await place({ ...request(), lines: [...request().lines].reverse() }, 'key-one-abc');
    expect(again).toEqual(first);
    expect(await place(request(3), 'key-one-abc')).toMatchObject({ ok: false, kind: 'rejected' });
    expect(orders.book.ordersOf(DEMO_USER_ID)).toHaveLength(1);
  });

  it('lists newest first with the total; cancels once, then 409; a foreign id is 404', async () => {
    await place(request(), 'key-one-abc');
    await place(request(3), 'key-two-abc');
    const listed = await orders.listOrders({ limit: 1, offset: 0 });
    if (!listed.ok) throw new Error('expected a page');
    expect(listed.data.total).toBe(2);
    expect(listed.data.orders.map((order) => order.orderNumber)).toEqual(['SF-000002']);
    const id = listed.data.orders[0]!.id;
    expect(await orders.cancelOrder(id)).toMatchObject({ ok: true, data: { status: 'cancelled', paymentStatus: 'cancelled' } });
    expect(await orders.cancelOrder(id)).toEqual({
      ok: false,
      kind: 'rejected',
      message: 'Order SF-000002 is cancelled and can no longer be cancelled.',
    });
    expect(await orders.getOrder('0123456789abcdef01234567')).toEqual({ ok: false, kind: 'rejected', message: 'Order not found.' });
  });

  it("refuses another user's address with 404 and stores nothing", async () => {
    const placed = await place({ ...request(), billingAddressId: 'not-mine-0000000000' }, 'key-three-abc');
    expect(placed).toEqual({ ok: false, kind: 'rejected', message: 'Address not found.' });
    expect(orders.book.ordersOf(DEMO_USER_ID)).toHaveLength(0);
  });

  it('renders the documents of D24 for a request; refuses an order without the acceptance (400) or with a stale one (409)', async () => {
    const contract = await orders.orderContract(request());
    if (!contract.ok) throw new Error('expected a contract');
    expect(contract.data.documents.map((document) => document.title)).toEqual(['Ön Bilgilendirme Formu', 'Mesafeli Satış Sözleşmesi']);
    expect(contract.data.documents[0]?.text).toContain(cheap!.prodName);
    expect(contract.data.sha256).toMatch(/^[0-9a-f]{64}$/);
    const unaccepted = await orders.placeOrder(request(), { accepted: false } as never, 'key-four-abc');
    expect(unaccepted).toEqual({ ok: false, kind: 'rejected', message: expect.stringContaining(CONTRACT_NOT_ACCEPTED) });
    const stale = await orders.placeOrder(request(3), acceptanceOf(contract.data), 'key-five-abc');
    expect(stale).toEqual({ ok: false, kind: 'rejected', message: CONTRACT_CHANGED, reason: 'contract-changed' });
    expect(orders.book.ordersOf(DEMO_USER_ID)).toHaveLength(0);
    const placed = await orders.placeOrder(request(), acceptanceOf(contract.data), 'key-six-abc');
    if (!placed.ok) throw new Error('expected an order');
    expect(placed.data.contract).toEqual({ ...contract.data, acceptedAt: placed.data.createdAt });
  });
});

describe('FakeOrderGateway and stock (D25)', () => {
  const shirt = variantShirt({ small: 2, medium: 1 });
  const [small, medium] = shirt.prodVariants!;
  const lines = (variantId: string | undefined, quantity: number): OrderRequest => ({
    ...request(),
    lines: [variantId === undefined ? { productId: shirt._id, quantity } : { productId: shirt._id, variantId, quantity }],
  });

  beforeEach(() => {
    orders = new FakeOrderGateway(store, {
      session: new FakeSessionCredentials(store.startSession(DEMO_USER_ID).accessToken),
      products: [shirt],
    });
  });

  it('sells a variant at its price with its label, takes its stock, and gives it back on cancel', async () => {
    const placed = await place(lines(medium!._id, 1), 'key-stock-one');
    if (!placed.ok) throw new Error('expected an order');
    expect(placed.data.lines).toEqual([
      {
        productId: shirt._id,
        variantId: medium!._id,
        variantLabel: 'M',
        prodName: 'Basic Tişört',
        prodPrice: 13.5,
        quantity: 1,
        lineTotal: 13.5,
      },
    ]);
    expect(placed.data.contract?.documents[0]?.text).toContain('Basic Tişört (M)');
    expect(orders.book.stockLeft(shirt._id, medium!._id)).toBe(0);
    // A retry takes nothing more.
    expect(await place(lines(medium!._id, 1), 'key-stock-one')).toEqual(placed);
    expect(orders.book.stockLeft(shirt._id, medium!._id)).toBe(0);

    const short = await place(lines(medium!._id, 1), 'key-stock-two');
    expect(short).toEqual({
      ok: false,
      kind: 'rejected',
      message: 'Only 0 of Basic Tişört (M) left in stock. Please update your cart.',
      reason: 'out-of-stock',
    });
    expect(orders.book.ordersOf(DEMO_USER_ID)).toHaveLength(1);

    expect(await orders.cancelOrder(placed.data.id)).toMatchObject({ ok: true });
    expect(orders.book.stockLeft(shirt._id, medium!._id)).toBe(1);
    expect(orders.book.stockLeft(shirt._id, small!._id)).toBe(2);
  });

  it('refuses a product with variants without one, as the server does', async () => {
    const refused = await place(lines(undefined, 1), 'key-stock-three');
    expect(refused).toEqual({
      ok: false,
      kind: 'rejected',
      message: 'Basic Tişört comes in several variants: choose one (variantId).',
    });
  });
});
