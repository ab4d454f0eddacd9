import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProducts } from '@shop/core/demo/demo-catalog';
import { productIdFromSlug } from '@shop/core/demo/product-id';
import { reachablePostgres } from '../../../tests/support/reachable-postgres';
import { withAcceptedContract } from '../testing/accepted-order';
import { orderShopper, type Shopper } from '../testing/order-shopper';
import { bearer, build, type TestServer } from '../testing/test-server';

/**
 * Stock in orders (D25, docs/products.md "Stock and orders"): placing an order takes its units in
 * its own transaction, a line it cannot cover refuses the whole order (409), cancelling gives the
 * units back. On PGlite and on PostgreSQL, where the last-item race is a real one.
 */
const postgres = await reachablePostgres(process.env.TEST_DATABASE_URL);
const engines = [{ engine: 'pglite', url: null }, ...(postgres ? [{ engine: 'postgres', url: postgres }] : [])];

function demo(test: (price: number | null) => boolean) {
  const found = demoProducts.find((p) => test(p.price));
  if (!found) throw new Error('no such demo product');
  return { _id: productIdFromSlug(found.slug), name: found.name };
}
/** Sold as variants here: S / Siyah at the product's 89.50 (5 left), M / Siyah at 13.50 (1 left). */
const shirt = demo((price) => price === 89.5);
/** A simple product whose stock is tracked (2 left). */
const tracked = demo((price) => price === 99.9);
/** A simple product whose stock is not tracked (NULL). */
const untracked = demo((price) => price !== null && price > 20000);
const SMALL = 'b5000000000000000000000a';
const MEDIUM = 'b5000000000000000000000b';
const ELSEWHERE = 'b5000000000000000000000c';

describe.each(engines)('stock in orders on $engine', ({ url }) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await build({ databaseUrl: url, seed: true });
    const db = s.testDb.db;
    await db.query(
      `INSERT INTO product_options (product_id, position, name, option_values) VALUES ($1, 1, 'Beden', '{S,M}'), ($1, 2, 'Renk', '{Siyah}')`,
      [shirt._id],
    );
    await db.query(
      `INSERT INTO product_variants (id, product_id, position, option_values, price, stock)
       VALUES ($1, $3, 1, '{S,Siyah}', NULL, 5), ($2, $3, 2, '{M,Siyah}', 13.5, 1)`,
      [SMALL, MEDIUM, shirt._id],
    );
    await db.query('UPDATE products SET stock = 2 WHERE id = $1', [tracked._id]);
  });
  afterAll(() => s.close());

  let shoppers = 0;
  const shopper = () => orderShopper(s, `stock-${++shoppers}@example.com`);
  let keys = 0;
  const newKey = () => `stock-key-${++keys}`;

  const body = (who: Shopper, lines: Record<string, unknown>[]) => ({
    lines,
    billingAddressId: who.home,
    shippingAddressId: who.home,
    paymentMethod: 'cash-on-delivery',
  });
  const post = (who: Shopper, payload: Record<string, unknown>, key: string) =>
    s.request({ method: 'POST', url: '/api/orders', headers: { ...bearer(who.token), 'idempotency-key': key }, payload });
  const place = async (who: Shopper, lines: Record<string, unknown>[], key = newKey()) =>
    post(who, await withAcceptedContract(s, who.token, body(who, lines)), key);
  const cancel = (who: Shopper, id: string) => s.request({ method: 'POST', url: `/api/orders/${id}/cancel`, headers: bearer(who.token) });

  async function variantStock(id: string): Promise<number> {
    const { rows } = await s.testDb.db.query<{ stock: number }>('SELECT stock FROM product_variants WHERE id = $1', [id]);
    return Number(rows[0]?.stock);
  }
  async function productStock(id: string): Promise<number | null> {
    const { rows } = await s.testDb.db.query<{ stock: number | null }>('SELECT stock FROM products WHERE id = $1', [id]);
    const stock = rows[0]?.stock;
    return stock === null || stock === undefined ? null : Number(stock);
  }
  async function setVariantStock(id: string, stock: number): Promise<void> {
    await s.testDb.db.query('UPDATE product_variants SET stock = $2 WHERE id = $1', [id, stock]);
  }
  async function orderCount(): Promise<number> {
    const { rows } = await s.testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders');
    return Number(rows[0]?.n);
  }

  it('sells a variant at its own price, names it in the order, the contract and the mail, and takes its stock', async () => {
    await setVariantStock(MEDIUM, 3);
    const ada = await shopper();
    const response = await place(ada, [
      { _id: shirt._id, variantId: MEDIUM, quantity: 2 },
      { _id: shirt._id, variantId: SMALL, quantity: 1 },
    ]);
    expect(response.statusCode).toBe(201);
    const { order } = response.json();
    expect(order.lines).toEqual([
      { _id: shirt._id, variantId: MEDIUM, variantLabel: 'M / Siyah', prodName: shirt.name, prodPrice: 13.5, quantity: 2, lineTotal: 27 },
      { _id: shirt._id, variantId: SMALL, variantLabel: 'S / Siyah', prodName: shirt.name, prodPrice: 89.5, quantity: 1, lineTotal: 89.5 },
    ]);
    expect(await variantStock(MEDIUM)).toBe(1);
    expect(await variantStock(SMALL)).toBe(4);
    // The product's stock is its variants' sum.
    expect(await productStock(shirt._id)).toBe(5);
    const read = await s.request({ method: 'GET', url: `/api/orders/${order._id}`, headers: bearer(ada.token) });
    const contractText = read
      .json()
      .order.contract.documents.map((document: { text: string }) => document.text)
      .join('\n');
    expect(contractText).toContain(`${shirt.name} (M / Siyah): 2 adet`);
    const mail = (await s.flushMail()).find((sent) => sent.to === ada.email && sent.subject.startsWith('Your order'));
    expect(mail?.text).toContain(`2 × ${shirt.name} (M / Siyah) at $13.50`);

    // Cancelling gives both lines' units back.
    expect((await cancel(ada, order._id)).statusCode).toBe(200);
    expect([await variantStock(MEDIUM), await variantStock(SMALL)]).toEqual([3, 5]);
  });

  it('answers 400 to a product with variants without one, a variant of another product, a variant of a simple product and a repeated variant', async () => {
    await setVariantStock(MEDIUM, 3);
    const ada = await shopper();
    const before = await orderCount();
    const refusals: [Record<string, unknown>[], string][] = [
      [[{ _id: shirt._id, quantity: 1 }], `${shirt.name} comes in several variants: choose one (variantId).`],
      [[{ _id: shirt._id, variantId: ELSEWHERE, quantity: 1 }], `Variant ${ELSEWHERE} is not a variant of ${shirt.name}.`],
      [[{ _id: tracked._id, variantId: MEDIUM, quantity: 1 }], `${tracked.name} has no variants: leave out variantId.`],
      [
        [
          { _id: shirt._id, variantId: MEDIUM, quantity: 1 },
          { _id: shirt._id, variantId: MEDIUM, quantity: 1 },
        ],
        'Invalid request. lines.1._id: This product is already in another line: send one line per product and variant.',
      ],
      [[{ _id: shirt._id, variantId: 'M', quantity: 1 }], 'Invalid request. lines.0.variantId: Variant id must be 24 hex digits.'],
    ];
    for (const [lines, message] of refusals) {
      const response = await place(ada, lines);
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toEqual({ success: false, message });
    }
    expect(await orderCount()).toBe(before);
    expect(await variantStock(MEDIUM)).toBe(3);
  });

  it('refuses an order with a line it cannot cover with 409, naming the product, the variant and what is left; nothing is placed or taken', async () => {
    await setVariantStock(MEDIUM, 1);
    const ada = await shopper();
    const before = await orderCount();
    const response = await place(ada, [
      { _id: tracked._id, quantity: 1 },
      { _id: shirt._id, variantId: MEDIUM, quantity: 2 },
    ]);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      success: false,
      message: `Only 1 of ${shirt.name} (M / Siyah) left in stock. Please update your cart.`,
    });
    expect(await orderCount()).toBe(before);
    expect(await variantStock(MEDIUM)).toBe(1);
    expect(await productStock(tracked._id)).toBe(2);

    const simple = await place(ada, [{ _id: tracked._id, quantity: 3 }]);
    expect(simple.statusCode).toBe(409);
    expect(simple.json().message).toBe(`Only 2 of ${tracked.name} left in stock. Please update your cart.`);
  });

  it("takes a tracked simple product's stock and gives it back; an untracked product's stock stays untracked", async () => {
    const ada = await shopper();
    const response = await place(ada, [
      { _id: tracked._id, quantity: 2 },
      { _id: untracked._id, quantity: 5 },
    ]);
    expect(response.statusCode).toBe(201);
    expect(await productStock(tracked._id)).toBe(0);
    expect(await productStock(untracked._id)).toBeNull();
    expect((await cancel(ada, response.json().order._id)).statusCode).toBe(200);
    expect(await productStock(tracked._id)).toBe(2);
    expect(await productStock(untracked._id)).toBeNull();
  });

  it('takes the stock once for a retry and for parallel submissions with one key', async () => {
    await setVariantStock(MEDIUM, 2);
    const ada = await shopper();
    const payload = await withAcceptedContract(s, ada.token, body(ada, [{ _id: shirt._id, variantId: MEDIUM, quantity: 1 }]));
    const key = newKey();
    const answers = await Promise.all([post(ada, payload, key), post(ada, payload, key)]);
    expect(
      answers.map((answer) => answer.statusCode),
      answers.map((a) => a.body).join(),
    ).toEqual([201, 201]);
    const retry = await post(ada, payload, key);
    expect(retry.json().order._id).toBe(answers[0].json().order._id);
    expect(await variantStock(MEDIUM)).toBe(1);
  });

  it('the last-item race: of two shoppers ordering the last unit at once, one gets it and the other a 409; cancelling gives it back', async () => {
    await setVariantStock(MEDIUM, 1);
    const [ada, bob] = [await shopper(), await shopper()];
    const lines = [{ _id: shirt._id, variantId: MEDIUM, quantity: 1 }];
    const payloads = [
      await withAcceptedContract(s, ada.token, body(ada, lines)),
      await withAcceptedContract(s, bob.token, body(bob, lines)),
    ];
    const answers = await Promise.all([post(ada, payloads[0]!, newKey()), post(bob, payloads[1]!, newKey())]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const won = answers.findIndex((answer) => answer.statusCode === 201);
    const lost = answers[1 - won]!;
    expect(lost.json()).toEqual({ success: false, message: `Only 0 of ${shirt.name} (M / Siyah) left in stock. Please update your cart.` });
    expect(await variantStock(MEDIUM)).toBe(0);

    const winner = [ada, bob][won]!;
    expect((await cancel(winner, answers[won]!.json().order._id)).statusCode).toBe(200);
    expect(await variantStock(MEDIUM)).toBe(1);
  });

  it("keeps the product's stock its variants' sum when orders for two variants of it run at once", async () => {
    await setVariantStock(MEDIUM, 3);
    await setVariantStock(SMALL, 3);
    const [ada, bob] = [await shopper(), await shopper()];
    const adaLines = [{ _id: shirt._id, variantId: MEDIUM, quantity: 1 }];
    const bobLines = [{ _id: shirt._id, variantId: SMALL, quantity: 2 }];
    const payloads = [
      await withAcceptedContract(s, ada.token, body(ada, adaLines)),
      await withAcceptedContract(s, bob.token, body(bob, bobLines)),
    ];
    const answers = await Promise.all([post(ada, payloads[0]!, newKey()), post(bob, payloads[1]!, newKey())]);
    expect(
      answers.map((answer) => answer.statusCode),
      answers.map((a) => a.body).join(),
    ).toEqual([201, 201]);
    expect([await variantStock(MEDIUM), await variantStock(SMALL), await productStock(shirt._id)]).toEqual([2, 1, 3]);
  });
});
