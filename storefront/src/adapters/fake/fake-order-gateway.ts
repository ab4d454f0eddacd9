import type { Address } from '@shop/core/domain/address';
import type { AcceptedContract, OrderContract } from '@shop/core/domain/contract';
import {
  lineName,
  notEnoughStockMessage,
  type OrderAddress,
  type Order,
  type OrderLine,
  type OrderRequest,
  type OrderRequestLine,
  orderRequestKey,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '@shop/core/domain/order';
import { accountMessages } from '../../texts/account-messages';
import { shippingFeeCents } from '@shop/core/domain/shipping';
import { OrderHttpGateway } from '../http/order-http-gateway';
import { type DemoProduct, demoProducts } from './demo-catalog';
import { fakeContract } from './fake-contract';
import type { FakeAccountStore } from './fake-account-store';
import {
  type FakeGatewayOptions,
  FakeServer,
  NO_SESSION,
  type WireAnswer,
  type WireRequest,
  isServerId,
  refused,
  routes,
  succeeded,
  text,
} from './fake-server';

/*
 * The request checks and refusals below restate the reference server's (api/src/orders:
 * order-schemas.ts, order-pricing.ts, order-store.ts), only as far as the shop and the contract
 * reach them; the pricing, shipping fee, idempotency and stock messages are the shop's own rules.
 */
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
const MAX_LINES = 100;
const MAX_QUANTITY = 99;
const KEY_REUSED = 'This Idempotency-Key was already used for a different order request. Send a new key for a new order.';
const ORDER_NOT_FOUND = 'Order not found.';
export const CONTRACT_NOT_ACCEPTED =
  'You must read and accept the pre-information form and the distance sales contract before placing the order.';
export const CONTRACT_CHANGED =
  'The pre-information form and the distance sales contract changed since you read them (prices, addresses or terms). Please read them again and confirm.';

/** An order as the reference server writes it (docs/api.md, Orders): the domain's order with its ids as `_id`. */
type StoredOrder = Omit<Order, 'id' | 'lines' | 'contract'> & { _id: string; lines: StoredLine[]; contract?: AcceptedContract | null };

/** A line on the wire: the domain's line with the product's id as `_id`. */
type StoredLine = Omit<OrderLine, 'productId'> & { _id: string };

/** An order request on the wire: the domain's, each line naming its product as `_id`. */
type OrderBody = Omit<OrderRequest, 'lines'> & { lines: (Omit<OrderRequestLine, 'productId'> & { _id: string })[] };

/** A 400 of the catalogue's (the server's DomainError 'invalid'), worded without 'Invalid request.'. */
interface CatalogueRefusal {
  refusal: string;
}

/** The server's request check (400 with a message), or the body it reads. */
function readOrderBody(body: Record<string, unknown>, products: readonly DemoProduct[]): OrderBody | string | CatalogueRefusal {
  const lines = body.lines;
  if (!Array.isArray(lines) || lines.length === 0) return 'An order needs at least one line.';
  if (lines.length > MAX_LINES) return `An order has at most ${MAX_LINES} lines.`;
  const read: OrderBody['lines'] = [];
  for (const line of lines as Record<string, unknown>[]) {
    const id = text(line?._id);
    const variantId = line?.variantId === undefined ? undefined : text(line.variantId);
    const quantity = line?.quantity;
    if (!isServerId(id)) return 'Product id must be 24 hex digits.';
    if (variantId !== undefined && !isServerId(variantId)) return 'Variant id must be 24 hex digits.';
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY)
      return `Quantity must be a whole number from 1 to ${MAX_QUANTITY}.`;
    if (read.some((other) => other._id === id && other.variantId === variantId))
      return 'This product is already in another line: send one line per product and variant.';
    const product = products.find((candidate) => candidate._id === id);
    if (!product) return { refusal: `Product ${id} is not in the catalogue.` };
    const variants = product.prodVariants ?? [];
    if (variants.length === 0 && variantId !== undefined) return { refusal: `${product.prodName} has no variants: leave out variantId.` };
    if (variants.length > 0 && variantId === undefined)
      return { refusal: `${product.prodName} comes in several variants: choose one (variantId).` };
    const variant = variants.find((candidate) => candidate._id === variantId);
    if (variants.length > 0 && !variant) return { refusal: `Variant ${variantId} is not a variant of ${product.prodName}.` };
    if ((variant?.price ?? product.prodPrice) === undefined) return { refusal: `Product ${id} has no price and cannot be ordered.` };
    read.push(variantId === undefined ? { _id: id, quantity } : { _id: id, variantId, quantity });
  }
  const paymentMethod = text(body.paymentMethod);
  if (!(PAYMENT_METHODS as readonly string[]).includes(paymentMethod)) return 'Unknown payment method.';
  const billingAddressId = text(body.billingAddressId);
  const shippingAddressId = text(body.shippingAddressId);
  if (billingAddressId === '' || shippingAddressId === '') return 'Both addresses are required.';
  return { lines: read, billingAddressId, shippingAddressId, paymentMethod: paymentMethod as PaymentMethod };
}

/** The same request whatever the order of its lines (the shop's idempotency rule, core/domain/order.ts). */
const requestKey = ({ lines, ...body }: OrderBody): string =>
  orderRequestKey({ ...body, lines: lines.map(({ _id, ...line }) => ({ productId: _id, ...line })) });

const cents = (dollars: number): number => Math.round(dollars * 100);

const stockKey = (line: { _id: string; variantId?: string | undefined }): string => `${line._id}/${line.variantId ?? ''}`;

function withoutDefault({ isDefaultAddress: _default, ...address }: Address): OrderAddress {
  return address;
}

/**
 * The orders of the reference server, in memory, on the account fake's users: priced from the
 * demo catalogue with the shop's shipping rule (D1), idempotent by key per user, each user seeing
 * only their own orders.
 */
export class FakeOrderBook {
  private readonly orders = new Map<string, StoredOrder[]>();
  private readonly keys = new Map<string, { hash: string; orderId: string }>();
  private number = 0;
  /** Units taken by orders and given back by cancels, per product or variant (D25): the catalogue's own data stays as it is. */
  private readonly taken = new Map<string, number>();

  constructor(
    readonly accounts: FakeAccountStore,
    private readonly products: readonly DemoProduct[] = demoProducts,
  ) {}

  ordersOf(userId: string): StoredOrder[] {
    let list = this.orders.get(userId);
    if (!list) {
      list = [];
      this.orders.set(userId, list);
    }
    return list;
  }

  /** Places an order for `userId` as POST /api/orders does (stories and tests seed with it too). */
  place(userId: string, body: Record<string, unknown>, key: string): WireAnswer {
    if (!KEY_PATTERN.test(key)) return refused(400, 'The Idempotency-Key header must be 8 to 100 characters of A-Z, a-z, 0-9, _ and -.');
    const read = readOrderBody(body, this.products);
    if (typeof read === 'string') return refused(400, `Invalid request. ${read}`);
    if ('refusal' in read) return refused(400, read.refusal);
    const hash = requestKey(read);
    const kept = this.keys.get(`${userId}\n${key}`);
    if (kept) {
      if (kept.hash !== hash) return refused(422, KEY_REUSED);
      return succeeded({ order: this.find(userId, kept.orderId) }, undefined, 201);
    }
    const priced = this.price(userId, read);
    if ('status' in priced) return priced;
    const short = this.takeStock(priced.lines);
    if (short) return short;
    this.number += 1;
    const order: StoredOrder = {
      _id: this.accounts.newId(),
      orderNumber: `SF-${String(this.number).padStart(6, '0')}`,
      status: 'placed',
      createdAt: new Date(this.accounts.clock.now()).toISOString(),
      cancelledAt: null,
      ...priced,
      paymentMethod: read.paymentMethod,
      paymentStatus: 'due-on-delivery',
    };
    order.contract = { ...this.render(userId, order), acceptedAt: order.createdAt };
    this.ordersOf(userId).unshift(order);
    this.keys.set(`${userId}\n${key}`, { hash, orderId: order._id });
    return succeeded({ order }, undefined, 201);
  }

  /** The documents of D24 for an order request, as POST /api/orders/contract renders them. */
  contract(userId: string, body: Record<string, unknown>): WireAnswer {
    const read = readOrderBody(body, this.products);
    if (typeof read === 'string') return refused(400, `Invalid request. ${read}`);
    if ('refusal' in read) return refused(400, read.refusal);
    const priced = this.price(userId, read);
    if ('status' in priced) return priced;
    return succeeded({ contract: this.render(userId, { ...priced, paymentMethod: read.paymentMethod }) });
  }

  /** POST /api/orders: the acceptance must name the documents this request renders now (D24). */
  placeAccepted(userId: string, body: Record<string, unknown>, key: string): WireAnswer {
    const acceptance = body.contractAcceptance as Record<string, unknown> | undefined;
    if (acceptance?.accepted !== true) return refused(400, `Invalid request. contractAcceptance: ${CONTRACT_NOT_ACCEPTED}`);
    const kept = this.keys.get(`${userId}\n${key}`);
    if (!kept) {
      const rendered = this.contract(userId, body);
      if (rendered.status !== 200) return rendered;
      const { contract } = rendered.body as { contract: OrderContract };
      if (acceptance.sha256 !== contract.sha256 || acceptance.version !== contract.version) return refused(409, CONTRACT_CHANGED);
    }
    return this.place(userId, body, key);
  }

  /** The order's lines, sums and addresses as the server prices them, or its refusal. */
  private price(
    userId: string,
    read: OrderBody,
  ): Pick<StoredOrder, 'lines' | 'productTotal' | 'shippingFee' | 'total' | 'billingAddress' | 'shippingAddress'> | WireAnswer {
    const record = this.accounts.snapshot(userId);
    const billing = record.address.find((address) => address._id === read.billingAddressId);
    const shipping = record.address.find((address) => address._id === read.shippingAddressId);
    if (!billing || !shipping) return refused(404, 'Address not found.');
    const lines = read.lines.map(({ _id, variantId, quantity }): StoredLine => {
      const product = this.products.find((candidate) => candidate._id === _id) as DemoProduct;
      const variant = product.prodVariants?.find((candidate) => candidate._id === variantId);
      const unit = cents(variant?.price ?? product.prodPrice ?? 0);
      const sold = variant ? { variantId: variant._id, variantLabel: variant.label } : {};
      return { _id, ...sold, prodName: product.prodName, prodPrice: unit / 100, quantity, lineTotal: (unit * quantity) / 100 };
    });
    const productCents = lines.reduce((sum, line) => sum + cents(line.lineTotal), 0);
    const feeCents = shippingFeeCents(productCents);
    return {
      lines,
      productTotal: productCents / 100,
      shippingFee: feeCents / 100,
      total: (productCents + feeCents) / 100,
      billingAddress: withoutDefault(billing),
      shippingAddress: withoutDefault(shipping),
    };
  }

  private render(
    userId: string,
    order: Pick<StoredOrder, 'lines' | 'productTotal' | 'shippingFee' | 'total' | 'billingAddress' | 'shippingAddress' | 'paymentMethod'>,
  ): OrderContract {
    const user = this.accounts.snapshot(userId);
    return fakeContract({
      buyer: { name: `${user.name} ${user.surname}`.trim() || user.userName, email: user.email },
      lines: order.lines.map((line) => ({ ...line, prodName: lineName(line) })),
      productTotal: order.productTotal,
      shippingFee: order.shippingFee,
      total: order.total,
      billingAddress: order.billingAddress,
      shippingAddress: order.shippingAddress,
      paymentLabel: accountMessages.checkout.paymentMethods[order.paymentMethod],
    });
  }

  /** D24: the account is deleted. The server keeps its orders without the person; no call reads them again, so the fake forgets them. */
  forgetOrdersOf(userId: string): void {
    this.orders.delete(userId);
  }

  find(userId: string, id: string): StoredOrder | undefined {
    return this.ordersOf(userId).find((order) => order._id === id);
  }

  cancel(userId: string, id: string): WireAnswer {
    const order = this.find(userId, id);
    if (!order) return refused(404, ORDER_NOT_FOUND);
    if (order.status !== 'placed') return refused(409, `Order ${order.orderNumber} is ${order.status} and can no longer be cancelled.`);
    order.status = 'cancelled';
    order.cancelledAt = new Date(this.accounts.clock.now()).toISOString();
    order.paymentStatus = 'cancelled';
    for (const line of order.lines) {
      const key = stockKey(line);
      if (this.taken.has(key)) this.taken.set(key, (this.taken.get(key) ?? 0) - line.quantity);
    }
    return succeeded({ order });
  }

  /** Units of a product (or variant) left now; undefined when its stock is not tracked. */
  stockLeft(productId: string, variantId?: string): number | undefined {
    const product = this.products.find((candidate) => candidate._id === productId);
    const initial =
      variantId === undefined ? product?.prodStock : product?.prodVariants?.find((variant) => variant._id === variantId)?.stock;
    return initial === undefined ? undefined : initial - (this.taken.get(stockKey({ _id: productId, variantId })) ?? 0);
  }

  /** Takes every line's units, or none and answers the server's 409 for the first line short of them. */
  private takeStock(lines: readonly StoredLine[]): WireAnswer | undefined {
    for (const line of lines) {
      const left = this.stockLeft(line._id, line.variantId);
      if (left !== undefined && left < line.quantity) return refused(409, notEnoughStockMessage({ ...line, left: Math.max(0, left) }));
    }
    for (const line of lines) {
      if (this.stockLeft(line._id, line.variantId) === undefined) continue;
      const key = stockKey(line);
      this.taken.set(key, (this.taken.get(key) ?? 0) + line.quantity);
    }
    return undefined;
  }
}

function pageParam(query: URLSearchParams | undefined, name: string, fallback: number, min: number, max: number): number | null {
  const raw = query?.get(name);
  if (raw === null || raw === undefined) return fallback;
  const value = Number(raw);
  return raw.trim() !== '' && Number.isInteger(value) && value >= min && value <= max ? value : null;
}

function orderRoutes(book: FakeOrderBook) {
  const forUser = (answer: (userId: string, request: WireRequest) => WireAnswer) =>
    book.accounts.forUser((user, request) => answer(user.user._id, request));
  const byId = (answer: (userId: string, id: string) => WireAnswer) =>
    book.accounts.forUser((user, _request, [id = '']) =>
      isServerId(id) ? answer(user.user._id, id) : refused(400, 'Invalid request. Order id must be 24 hex digits.'),
    );
  return routes({
    'POST /api/orders': forUser((userId, { body, headers }) => {
      const key = headers?.['idempotency-key'];
      return key === undefined ? refused(400, 'An Idempotency-Key header is required.') : book.placeAccepted(userId, body, key);
    }),
    'POST /api/orders/contract': forUser((userId, { body }) => book.contract(userId, body)),
    'GET /api/orders': forUser((userId, { query }) => {
      const limit = pageParam(query, 'limit', 20, 1, 100);
      const offset = pageParam(query, 'offset', 0, 0, 1_000_000);
      if (limit === null || offset === null) return refused(400, 'Invalid request. limit or offset out of range.');
      const all = book.ordersOf(userId);
      // The list leaves each order's contract out, as the reference server does.
      const page = all.slice(offset, offset + limit).map(({ contract: _contract, ...order }) => order);
      return { ...succeeded({ orders: page }), headers: { 'x-total-count': String(all.length) } };
    }),
    'GET /api/orders/:id': byId((userId, id) => {
      const order = book.find(userId, id);
      return order ? succeeded({ order }) : refused(404, ORDER_NOT_FOUND);
    }),
    'POST /api/orders/:id/cancel': byId((userId, id) => book.cancel(userId, id)),
  });
}

/** The shop's OrderHttpGateway over the fake server, on the account fake's users. */
export class FakeOrderGateway extends OrderHttpGateway {
  /** The fake API server answering this gateway; `server.failWith` switches it into a failure mode. */
  readonly server: FakeServer;
  readonly book: FakeOrderBook;

  constructor(accounts: FakeAccountStore, options: FakeGatewayOptions & { products?: readonly DemoProduct[] } = {}) {
    const book = new FakeOrderBook(accounts, options.products);
    const server = new FakeServer(orderRoutes(book), options);
    super(server.http, options.session ?? NO_SESSION);
    this.server = server;
    this.book = book;
  }
}
