import { createHash } from 'node:crypto';
import { notEnoughStockMessage } from '@shop/core/domain/order';
import { addressFields } from '../accounts/account-schemas';
import type { AccountRepository, UserRow } from '../accounts/account-repository';
import { CatalogRepository } from '../catalog/catalog-repository';
import type { StockRepository } from '../catalog/stock-repository';
import { newId } from '../db/new-id';
import type { Db } from '../db/types';
import { DomainError } from '../domain-error';
import type { Seller } from '../config';
import { type RenderedContract, renderContract } from '../legal/contract-documents';
import type { AcceptingClient, OrderContracts } from '../legal/order-contracts';
import type { MailOutbox } from '../mail/mail-outbox';
import type { PaymentMethodId, PaymentMethods } from '../payments/payment-methods';
import type { Charge, PaymentStatus } from '../payments/payment-method';
import type { ServerClock } from '../time/server-clock';
import { addressLines, orderConfirmationMail } from './order-mail';
import { type PricedLine, type PricedOrder, priceOrder, pricedLineName } from './order-pricing';
import type { OrderAddress, OrderRequestBody, PlaceOrderBody, WireOrder } from './order-schemas';

export interface PlaceOrder extends PlaceOrderBody {
  userId: string;
  idempotencyKey: string;
  /** Who accepted the contract. */
  client: AcceptingClient;
}

export interface Placed {
  order: WireOrder;
  /** False when the key had already placed this order (a retry): nothing new was stored. */
  created: boolean;
}

export const KEY_REUSED = 'This Idempotency-Key was already used for a different order request. Send a new key for a new order.';
export const ORDER_NOT_FOUND = 'Order not found.';
export const CONTRACT_CHANGED =
  'The pre-information form and the distance sales contract changed since you read them (prices, addresses or terms). Please read them again and confirm.';

interface OrderRow {
  id: string;
  number: string | number;
  status: WireOrder['status'];
  payment_method: PaymentMethodId;
  payment_status: string;
  product_total: number;
  shipping_fee: number;
  total: number;
  billing_address: OrderAddress | string;
  shipping_address: OrderAddress | string;
  created_at: string;
  cancelled_at: string | null;
}

interface LineRow {
  order_id: string;
  product_id: string;
  variant_id: string | null;
  variant_label: string | null;
  name: string;
  unit_price: number;
  quantity: number;
  line_total: number;
}

// numeric::float8 so both drivers hand back numbers; times as ISO text from the app's clock.
const ORDER_SELECT = `
  SELECT id, number, status, payment_method, payment_status,
         product_total::float8 AS product_total, shipping_fee::float8 AS shipping_fee, total::float8 AS total,
         billing_address, shipping_address,
         to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
         to_char(cancelled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS cancelled_at
  FROM orders`;

/** `SF-000123`: the sequence number, at least six digits. */
export function orderNumber(number: number | string): string {
  return `SF-${String(number).padStart(6, '0')}`;
}

/**
 * Orders (D19). Every query is scoped by the owner's id: another user's order is not found.
 * Prices come from the catalogue inside the placing transaction; a refusal stores nothing. The
 * confirmation mail is written into the outbox in that transaction too (D23).
 */
export class OrderRepository {
  constructor(
    private readonly db: Db,
    private readonly clock: ServerClock,
    private readonly payments: PaymentMethods,
    private readonly outbox: MailOutbox,
    private readonly seller: Seller,
    /** The users and their addresses: the buyer, the addresses shipped and billed to, where the mail goes. */
    private readonly accounts: AccountRepository,
    /** The catalogue's variants and stock, which an order takes and a cancellation gives back (D25). */
    private readonly stock: StockRepository,
    /** The contracts the orders were placed with (D24). */
    private readonly contracts: OrderContracts,
  ) {}

  /**
   * The pre-information form and the distance sales contract (D24) for an order request, filled
   * in as placing it would: what the shopper reads and accepts before 'Check Out'.
   */
  async contract(userId: string, request: OrderRequestBody): Promise<RenderedContract> {
    const priced = await priceOrder(this.db, new CatalogRepository(this.db), this.stock, request.lines);
    const billing = await this.address(this.db, userId, request.billingAddressId);
    const shipping = await this.address(this.db, userId, request.shippingAddressId);
    return this.render(this.db, userId, priced, billing, shipping, request.paymentMethod);
  }

  /**
   * Places the order, or answers the one this user's key already placed with the same request.
   * The key is unique per user in the database: of parallel submissions one inserts, the others
   * wait for it and find its order.
   */
  async place(request: PlaceOrder): Promise<Placed> {
    const hash = requestHash(request);
    return this.db.transaction(async (tx) => {
      const earlier = await this.placedByKey(tx, request.userId, request.idempotencyKey, hash);
      if (earlier) return { order: earlier, created: false };

      const priced = await priceOrder(tx, new CatalogRepository(tx), this.stock, request.lines);
      const billing = await this.address(tx, request.userId, request.billingAddressId);
      const shipping = await this.address(tx, request.userId, request.shippingAddressId);
      // The server's own rendering is what is stored and mailed; the client's hash only proves
      // the shopper read this very text (a changed price or address asks them to read again).
      const contract = await this.render(tx, request.userId, priced, billing, shipping, request.paymentMethod);
      const accepted = request.contractAcceptance;
      if (accepted.version !== contract.version || accepted.sha256 !== contract.sha256) {
        throw new DomainError('conflict', CONTRACT_CHANGED);
      }
      const id = newId();
      const inserted = await tx.query<{ number: string | number }>(
        `INSERT INTO orders (id, user_id, idempotency_key, request_hash, status, payment_method, payment_status,
                             product_total, shipping_fee, total, billing_address, shipping_address, created_at)
         VALUES ($1, $2, $3, $4, 'placed', $5, 'pending', $6, $7, $8, $9::jsonb, $10::jsonb, $11)
         ON CONFLICT (user_id, idempotency_key) DO NOTHING
         RETURNING number`,
        [
          id,
          request.userId,
          request.idempotencyKey,
          hash,
          request.paymentMethod,
          cents(priced.productCents),
          cents(priced.feeCents),
          cents(priced.totalCents),
          JSON.stringify(billing),
          JSON.stringify(shipping),
          this.clock.now().toISOString(),
        ],
      );
      const number = inserted.rows[0]?.number;
      if (number === undefined) {
        // A parallel submission with the same key committed first: its order is the answer.
        const raced = await this.placedByKey(tx, request.userId, request.idempotencyKey, hash);
        if (!raced) throw new Error('idempotency key conflict without an order');
        return { order: raced, created: false };
      }
      // Only a new order takes stock (a retry answered above took none); a line it cannot cover
      // throws, and the whole order rolls back.
      const taken = await this.takeStock(tx, priced.lines);
      await tx.query(
        `INSERT INTO order_lines (order_id, position, product_id, variant_id, variant_label, stock_taken, name, unit_price, quantity, line_total)
         SELECT $1, line.position, line.product_id, line.variant_id, line.variant_label, line.stock_taken, line.name,
                line.unit_price, line.quantity, line.line_total
         FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::boolean[], $7::text[], $8::numeric[], $9::int[], $10::numeric[])
              AS line(position, product_id, variant_id, variant_label, stock_taken, name, unit_price, quantity, line_total)`,
        [
          id,
          priced.lines.map((_, index) => index + 1),
          priced.lines.map((line) => line.productId),
          priced.lines.map((line) => line.variantId),
          priced.lines.map((line) => line.variantLabel),
          taken,
          priced.lines.map((line) => line.name),
          priced.lines.map((line) => cents(line.unitCents)),
          priced.lines.map((line) => line.quantity),
          priced.lines.map((line) => cents(line.lineCents)),
        ],
      );
      await this.contracts.record(tx, id, contract, this.clock.now(), request.client);
      const payment = await this.payments[request.paymentMethod].open(charge(id, number, priced.totalCents));
      await this.setPaymentStatus(tx, id, payment.status);
      const order = await this.required(tx, request.userId, id);
      await this.queueConfirmation(tx, request.userId, order, contract);
      return { order, created: true };
    });
  }

  /** The user's orders, newest first, and how many there are in all. */
  async list(userId: string, page: { limit: number; offset: number }): Promise<{ orders: WireOrder[]; total: number }> {
    const { rows } = await this.db.query<OrderRow>(
      `${ORDER_SELECT} WHERE user_id = $1 ORDER BY created_at DESC, number DESC LIMIT $2 OFFSET $3`,
      [userId, page.limit, page.offset],
    );
    const count = await this.db.query<{ total: number }>('SELECT count(*)::int AS total FROM orders WHERE user_id = $1', [userId]);
    return { orders: await this.withLines(this.db, rows), total: Number(count.rows[0]?.total ?? 0) };
  }

  /** Every order of the user, newest first, each with its accepted contract (the data export, D24). */
  async allOf(userId: string): Promise<WireOrder[]> {
    const { rows } = await this.db.query<OrderRow>(`${ORDER_SELECT} WHERE user_id = $1 ORDER BY created_at DESC, number DESC`, [userId]);
    const orders = await this.withLines(this.db, rows);
    return Promise.all(orders.map(async (order) => ({ ...order, contract: await this.contracts.acceptedWith(this.db, order._id) })));
  }

  /**
   * Before the user's account is deleted (D24): their orders stay for the tax records, without
   * the person. Both addresses are blanked, and the accepted contract keeps its version, time and
   * SHA-256 but loses its text (it names the buyer) and the client that accepted it.
   */
  async anonymiseAllOf(userId: string, tx: Db): Promise<void> {
    const blank = JSON.stringify(addressFields.parse({}));
    const { rows } = await tx.query<{ id: string }>('SELECT id FROM orders WHERE user_id = $1', [userId]);
    await this.contracts.redact(
      tx,
      rows.map((row) => row.id),
    );
    await tx.query(
      `UPDATE orders SET
         billing_address = $2::jsonb || jsonb_build_object('_id', billing_address->'_id', 'addressId', billing_address->'addressId'),
         shipping_address = $2::jsonb || jsonb_build_object('_id', shipping_address->'_id', 'addressId', shipping_address->'addressId')
       WHERE user_id = $1`,
      [userId, blank],
    );
  }

  /** One of the user's orders; another user's or an unknown id is `not-found`. */
  async find(userId: string, id: string): Promise<WireOrder> {
    return this.required(this.db, userId, id);
  }

  /**
   * A placed order becomes cancelled and gives back the stock it took (D25), in one transaction;
   * any other status is a `conflict`, another user's `not-found`.
   */
  async cancel(userId: string, id: string): Promise<WireOrder> {
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<OrderRow>(`${ORDER_SELECT} WHERE id = $1 AND user_id = $2 FOR UPDATE`, [id, userId]);
      const row = rows[0];
      if (!row) throw new DomainError('not-found', ORDER_NOT_FOUND);
      if (row.status !== 'placed') {
        throw new DomainError('conflict', `Order ${orderNumber(row.number)} is ${row.status} and can no longer be cancelled.`);
      }
      const method = this.payments[row.payment_method];
      const payment = await method.cancel(charge(row.id, row.number, Math.round(Number(row.total) * 100)), {
        status: row.payment_status as PaymentStatus,
      });
      await tx.query("UPDATE orders SET status = 'cancelled', cancelled_at = $2, payment_status = $3 WHERE id = $1", [
        id,
        this.clock.now().toISOString(),
        payment.status,
      ]);
      await this.giveBackStock(tx, id);
      return this.required(tx, userId, id);
    });
  }

  /** The address the shopper pays or receives at, as the caller's address book has it now. */
  private async address(db: Db, userId: string, id: string): Promise<OrderAddress> {
    const address = await this.accounts.findAddress(userId, id, db);
    if (!address) throw new DomainError('not-found', 'Address not found.');
    return address;
  }

  /** The order this key placed, when the request is the same; a different request is refused. */
  private async placedByKey(db: Db, userId: string, key: string, hash: string): Promise<WireOrder | undefined> {
    const { rows } = await db.query<{ id: string; request_hash: string }>(
      'SELECT id, request_hash FROM orders WHERE user_id = $1 AND idempotency_key = $2',
      [userId, key],
    );
    const row = rows[0];
    if (!row) return undefined;
    if (row.request_hash !== hash) throw new DomainError('key-reused', KEY_REUSED);
    return this.required(db, userId, row.id);
  }

  private async setPaymentStatus(db: Db, id: string, status: PaymentStatus): Promise<void> {
    await db.query('UPDATE orders SET payment_status = $2 WHERE id = $1', [id, status]);
  }

  private async required(db: Db, userId: string, id: string): Promise<WireOrder> {
    const { rows } = await db.query<OrderRow>(`${ORDER_SELECT} WHERE id = $1 AND user_id = $2`, [id, userId]);
    const [order] = await this.withLines(db, rows);
    if (!order) throw new DomainError('not-found', ORDER_NOT_FOUND);
    return { ...order, contract: await this.contracts.acceptedWith(db, id) };
  }

  /** The documents for this priced order, its addresses and payment, with the buyer and the seller. */
  private async render(
    db: Db,
    userId: string,
    priced: PricedOrder,
    billing: OrderAddress,
    shipping: OrderAddress,
    paymentMethod: PaymentMethodId,
  ): Promise<RenderedContract> {
    const buyer = await this.accounts.findById(userId, db);
    if (!buyer) throw new DomainError('unauthenticated', 'Unauthorized: invalid or expired access token.');
    return renderContract({
      seller: this.seller,
      buyer: { name: buyerName(buyer), email: buyer.email, phone: buyerPhone(buyer) },
      lines: priced.lines.map((line) => ({
        name: pricedLineName(line),
        quantity: line.quantity,
        unitPrice: line.unitCents / 100,
        lineTotal: line.lineCents / 100,
      })),
      productTotal: priced.productCents / 100,
      shippingFee: priced.feeCents / 100,
      total: priced.totalCents / 100,
      billingAddress: addressLines(billing),
      shippingAddress: addressLines(shipping),
      paymentLabel: this.payments[paymentMethod].label,
    });
  }

  private async withLines(db: Db, rows: OrderRow[]): Promise<WireOrder[]> {
    if (rows.length === 0) return [];
    const lines = await db.query<LineRow>(
      `SELECT order_id, product_id, variant_id, variant_label, name, unit_price::float8 AS unit_price, quantity, line_total::float8 AS line_total
       FROM order_lines WHERE order_id = ANY($1::text[]) ORDER BY order_id, position`,
      [rows.map((row) => row.id)],
    );
    const byOrder = new Map<string, LineRow[]>();
    for (const line of lines.rows) byOrder.set(line.order_id, [...(byOrder.get(line.order_id) ?? []), line]);
    return rows.map((row) => ({
      _id: row.id,
      orderNumber: orderNumber(row.number),
      status: row.status,
      createdAt: row.created_at,
      cancelledAt: row.cancelled_at,
      lines: (byOrder.get(row.id) ?? []).map((line) => ({
        _id: line.product_id,
        ...(line.variant_id === null ? {} : { variantId: line.variant_id }),
        ...(line.variant_label === null ? {} : { variantLabel: line.variant_label }),
        prodName: line.name,
        prodPrice: Number(line.unit_price),
        quantity: Number(line.quantity),
        lineTotal: Number(line.line_total),
      })),
      productTotal: Number(row.product_total),
      shippingFee: Number(row.shipping_fee),
      total: Number(row.total),
      billingAddress: json(row.billing_address),
      shippingAddress: json(row.shipping_address),
      paymentMethod: row.payment_method,
      paymentStatus: row.payment_status,
    }));
  }

  /**
   * The order confirmation, to the account's own address, in the placing transaction: it is sent
   * exactly when the order committed, whatever the mail server does meanwhile. One per order.
   */
  private async queueConfirmation(tx: Db, userId: string, order: WireOrder, contract: RenderedContract): Promise<void> {
    const to = (await this.accounts.findById(userId, tx))?.email;
    if (!to) return;
    const mail = orderConfirmationMail(to, order, this.payments[order.paymentMethod].label, contract.documents);
    await this.outbox.enqueue(tx, mail, `order-confirmation:${order._id}`);
  }

  /**
   * Takes each line's units from the stock (D25) in the placing transaction: a variant's stock, or
   * a simple product's when it is tracked (NULL, not tracked, is never touched). Each take is one
   * conditional UPDATE, so of two orders for the last unit one takes it and the other finds too
   * few and is refused (409, naming what is left); rows are taken in one fixed order (by product,
   * then variant), so two orders never wait for each other. Answers, per line, whether it took stock.
   */
  private async takeStock(tx: Db, lines: readonly PricedLine[]): Promise<boolean[]> {
    const taken = lines.map(() => false);
    const ordered = lines.map((line, index) => ({ line, index })).sort((a, b) => stockKey(a.line).localeCompare(stockKey(b.line)));
    for (const { line, index } of ordered) {
      if (await this.stock.take(tx, line)) {
        taken[index] = true;
        continue;
      }
      const left = await this.stock.left(tx, line);
      if (left !== null)
        throw new DomainError(
          'conflict',
          notEnoughStockMessage({ prodName: line.name, variantLabel: line.variantLabel ?? undefined, left }),
        );
    }
    return taken;
  }

  /** What the order's lines took from the stock goes back (D25), in the cancelling transaction. */
  private async giveBackStock(tx: Db, orderId: string): Promise<void> {
    const { rows } = await tx.query<{ product_id: string; variant_id: string | null; quantity: number }>(
      'SELECT product_id, variant_id, quantity FROM order_lines WHERE order_id = $1 AND stock_taken',
      [orderId],
    );
    await this.stock.giveBack(
      tx,
      rows.map((row) => ({ productId: row.product_id, variantId: row.variant_id, quantity: Number(row.quantity) })),
    );
  }
}

/** What the documents say of the buyer. */
type BuyerRow = Pick<UserRow, 'user_name' | 'name' | 'surname' | 'phone' | 'phone_c_code' | 'phone_a_code' | 'phone_main'>;

/** The buyer's name and surname from the profile, else the user name. */
function buyerName(row: BuyerRow): string {
  return `${row.name} ${row.surname}`.trim() || row.user_name;
}

function buyerPhone(row: BuyerRow): string {
  const parts = [row.phone_c_code, row.phone_a_code, row.phone_main].filter((part) => part.trim() !== '');
  return parts.length > 0 ? parts.join(' ') : row.phone;
}

/**
 * What identifies a request for its key: the lines (in any order), addresses and payment method.
 * A line without a variant hashes as it did before D25.
 */
function requestHash(request: PlaceOrder): string {
  const lines = request.lines
    .map((line) => (line.variantId === undefined ? [line._id, line.quantity] : [`${line._id}/${line.variantId}`, line.quantity]))
    .sort(([a], [b]) => String(a).localeCompare(String(b)));
  const canonical = JSON.stringify([lines, request.billingAddressId, request.shippingAddressId, request.paymentMethod]);
  return createHash('sha256').update(canonical).digest('hex');
}

const stockKey = (line: PricedLine): string => `${line.productId}/${line.variantId ?? ''}`;

function charge(orderId: string, number: number | string, totalCents: number): Charge {
  return { orderId, orderNumber: orderNumber(number), amount: totalCents / 100, currency: 'USD' };
}

/** Cents as the decimal text a numeric column takes exactly (no binary fractions on the way). */
function cents(amount: number): string {
  return `${Math.trunc(amount / 100)}.${String(amount % 100).padStart(2, '0')}`;
}

function json<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}
