import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProducts } from '@shop/core/demo/demo-catalog';
import { productIdFromSlug } from '@shop/core/demo/product-id';
import { withAcceptedContract } from '../testing/accepted-order';
import { orderShopper, type Shopper } from '../testing/order-shopper';
import { bearer, build, type TestServer } from '../testing/test-server';

let s: TestServer;
beforeAll(async () => {
  s = await build({ seed: true });
});
afterAll(async () => {
  await s.close();
});

function product(test: (price: number | null) => boolean) {
  const found = demoProducts.find((p) => test(p.price));
  if (!found) throw new Error('no such demo product');
  return { _id: productIdFromSlug(found.slug), name: found.name, price: found.price };
}
const cheap = product((price) => price === 89.5);
const other = product((price) => price === 99.9);
const dear = product((price) => price !== null && price > 20000);
const unpriced = product((price) => price === null);

let shoppers = 0;
const shopper = (): Promise<Shopper> => orderShopper(s, `orders-${++shoppers}@example.com`);

let keys = 0;
const newKey = () => `key-${Date.now().toString(36)}-${++keys}`;

function orderBody(who: Shopper, overrides: Record<string, unknown> = {}) {
  return {
    lines: [
      { _id: cheap._id, quantity: 2 },
      { _id: other._id, quantity: 1 },
    ],
    billingAddressId: who.work,
    shippingAddressId: who.home,
    paymentMethod: 'cash-on-delivery',
    ...overrides,
  };
}

/** `key` null sends no Idempotency-Key. The contract is rendered and accepted first (D24), as the shop does. */
const place = async (who: Shopper, payload: Record<string, unknown>, key: string | null = newKey()) =>
  s.request({
    method: 'POST',
    url: '/api/orders',
    headers: { ...bearer(who.token), ...(key === null ? {} : { 'idempotency-key': key }) },
    payload: await withAcceptedContract(s, who.token, payload),
  });

const get = (who: Shopper, url: string) => s.request({ method: 'GET', url, headers: bearer(who.token) });
const cancel = (who: Shopper, id: string) => s.request({ method: 'POST', url: `/api/orders/${id}/cancel`, headers: bearer(who.token) });

async function orderCount(): Promise<number> {
  const { rows } = await s.testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders');
  return Number(rows[0]?.n);
}

describe('POST /api/orders', () => {
  it('prices the order from the catalogue, snapshots it and answers 201 with an order number', async () => {
    const ada = await shopper();
    const response = await place(ada, orderBody(ada));
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const { success, order } = response.json();
    expect(success).toBe(true);
    expect(order).toMatchObject({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      orderNumber: expect.stringMatching(/^SF-\d{6,}$/),
      status: 'placed',
      createdAt: s.clock.now().toISOString(),
      cancelledAt: null,
      lines: [
        { _id: cheap._id, prodName: cheap.name, prodPrice: 89.5, quantity: 2, lineTotal: 179 },
        { _id: other._id, prodName: other.name, prodPrice: 99.9, quantity: 1, lineTotal: 99.9 },
      ],
      productTotal: 278.9,
      shippingFee: 100,
      total: 378.9,
      billingAddress: { _id: ada.work, receiverName: 'Ada at Work' },
      shippingAddress: { _id: ada.home, receiverName: 'Ada Lovelace', postalCode: '34710' },
      paymentMethod: 'cash-on-delivery',
      paymentStatus: 'due-on-delivery',
    });
    // The answer is what is stored: the same order comes back by id.
    expect((await get(ada, `/api/orders/${order._id}`)).json()).toEqual({ success: true, order });
  });

  it('ships free above 20000 (D1)', async () => {
    const ada = await shopper();
    const response = await place(ada, orderBody(ada, { lines: [{ _id: dear._id, quantity: 1 }] }));
    expect(response.json().order).toMatchObject({ productTotal: dear.price, shippingFee: 0, total: dear.price });
  });

  it('charges catalogue prices whatever prices or totals the client sends', async () => {
    const ada = await shopper();
    const response = await place(ada, {
      ...orderBody(ada),
      lines: [
        { _id: cheap._id, quantity: 2, prodPrice: 0.01, prodName: 'Free stuff', lineTotal: 0.02 },
        { _id: other._id, quantity: 1, prodPrice: -100 },
      ],
      total: 0,
      shippingFee: 0,
      productTotal: 0,
    });
    expect(response.statusCode).toBe(201);
    const { order } = response.json();
    expect(order.lines.map((line: { prodPrice: number; prodName: string }) => [line.prodName, line.prodPrice])).toEqual([
      [cheap.name, 89.5],
      [other.name, 99.9],
    ]);
    expect([order.productTotal, order.shippingFee, order.total]).toEqual([278.9, 100, 378.9]);
  });

  it('keeps what was sold: a later price change or address edit does not rewrite the order', async () => {
    const ada = await shopper();
    const { order } = (await place(ada, orderBody(ada))).json();
    await s.testDb.db.query('UPDATE products SET price = price + 1000 WHERE id = $1', [cheap._id]);
    const edited = await s.request({
      method: 'PUT',
      url: '/api/users/update-address',
      headers: bearer(ada.token),
      payload: { _id: ada.home, addressName: 'Moved', receiverName: 'Someone Else' },
    });
    expect(edited.statusCode).toBe(200);
    try {
      expect((await get(ada, `/api/orders/${order._id}`)).json().order).toEqual(order);
    } finally {
      await s.testDb.db.query('UPDATE products SET price = price - 1000 WHERE id = $1', [cheap._id]);
    }
  });

  it("answers 404 for another user's address, and ships nowhere else", async () => {
    const ada = await shopper();
    const eve = await shopper();
    const before = await orderCount();
    for (const body of [orderBody(eve, { shippingAddressId: ada.home }), orderBody(eve, { billingAddressId: ada.work })]) {
      const response = await place(eve, body);
      expect([response.statusCode, response.json()]).toEqual([404, { success: false, message: 'Address not found.' }]);
    }
    const unknown = await place(eve, orderBody(eve, { shippingAddressId: '0123456789abcdef01234567' }));
    expect(unknown.statusCode).toBe(404);
    expect(await orderCount()).toBe(before);
  });

  it.each([
    ['an empty list', { lines: [] }, 'lines: An order needs at least one line.'],
    ['a quantity of 0', { lines: [{ _id: 'c'.repeat(24), quantity: 0 }] }, 'lines.0.quantity: Quantity must be at least 1.'],
    ['a quantity of 100', { lines: [{ _id: 'c'.repeat(24), quantity: 100 }] }, 'lines.0.quantity: Quantity must be at most 99.'],
    ['a fractional quantity', { lines: [{ _id: 'c'.repeat(24), quantity: 1.5 }] }, 'lines.0.quantity: Quantity must be a whole number.'],
    ['a malformed product id', { lines: [{ _id: 'nope', quantity: 1 }] }, 'lines.0._id: Product id must be 24 hex digits.'],
    ['an unknown payment method', { paymentMethod: 'bitcoin' }, 'paymentMethod:'],
  ])('refuses %s with 400 and a message', async (_name, overrides, message) => {
    const ada = await shopper();
    const response = await place(ada, orderBody(ada, overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: expect.stringContaining(message) });
  });

  it('refuses a duplicate product line, an unknown product and an unpriced one with 400, storing nothing', async () => {
    const ada = await shopper();
    const before = await orderCount();
    const duplicate = await place(
      ada,
      orderBody(ada, {
        lines: [
          { _id: cheap._id, quantity: 1 },
          { _id: cheap._id, quantity: 2 },
        ],
      }),
    );
    expect([duplicate.statusCode, duplicate.json().message]).toEqual([
      400,
      'Invalid request. lines.1._id: This product is already in another line: send one line per product and variant.',
    ]);
    const unknownId = '0123456789abcdef01234567';
    const unknown = await place(
      ada,
      orderBody(ada, {
        lines: [
          { _id: cheap._id, quantity: 1 },
          { _id: unknownId, quantity: 1 },
        ],
      }),
    );
    expect([unknown.statusCode, unknown.json().message]).toEqual([400, `Product ${unknownId} is not in the catalogue.`]);
    const noPrice = await place(ada, orderBody(ada, { lines: [{ _id: unpriced._id, quantity: 1 }] }));
    expect([noPrice.statusCode, noPrice.json().message]).toEqual([400, `Product ${unpriced._id} has no price and cannot be ordered.`]);
    expect(await orderCount()).toBe(before);
  });

  it.each([
    ['missing', null],
    ['too short', 'short'],
    ['too long', 'k'.repeat(101)],
    ['of other characters', 'key with spaces!'],
  ])('answers 400 when the Idempotency-Key is %s', async (_name, key) => {
    const ada = await shopper();
    const response = await place(ada, orderBody(ada), key);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/Idempotency-Key header/);
  });

  it('answers a retry with the same key and body with the same order, and creates one order only', async () => {
    const ada = await shopper();
    const key = newKey();
    const first = await place(ada, orderBody(ada), key);
    const mailsAfterFirst = (await s.flushMail()).length;
    // A cart item resent as it is stored (D15) carries more fields: the same request all the same.
    const again = await place(
      ada,
      orderBody(ada, {
        lines: [
          { _id: other._id, quantity: 1, prodPrice: 5 },
          { _id: cheap._id, quantity: 2 },
        ],
      }),
      key,
    );
    expect(first.statusCode).toBe(201);
    expect([again.statusCode, again.json()]).toEqual([201, first.json()]);
    expect((await get(ada, '/api/orders')).headers['x-total-count']).toBe('1');
    expect((await s.flushMail()).length).toBe(mailsAfterFirst);
  });

  it('creates one order for parallel submissions with one key', async () => {
    const ada = await shopper();
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 6 }, () => place(ada, orderBody(ada), key)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(201));
    const ids = new Set(answers.map((answer) => answer.json().order._id));
    expect(ids.size).toBe(1);
    const list = await get(ada, '/api/orders');
    expect(list.headers['x-total-count']).toBe('1');
    expect((await s.flushMail()).filter((mail) => mail.to === ada.email)).toHaveLength(1);
  });

  it('answers 422 to the same key with another body, and changes nothing', async () => {
    const ada = await shopper();
    const key = newKey();
    const first = await place(ada, orderBody(ada), key);
    const before = await orderCount();
    for (const body of [
      orderBody(ada, { paymentMethod: 'card-on-delivery' }),
      orderBody(ada, { lines: [{ _id: cheap._id, quantity: 3 }] }),
      orderBody(ada, { shippingAddressId: ada.work }),
    ]) {
      const response = await place(ada, body, key);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ success: false, message: expect.stringContaining('Idempotency-Key was already used') });
    }
    expect(await orderCount()).toBe(before);
    expect((await get(ada, `/api/orders/${first.json().order._id}`)).json().order).toEqual(first.json().order);
  });

  it("keys are the user's own: another user's identical key places another order", async () => {
    const ada = await shopper();
    const bob = await shopper();
    const key = newKey();
    const first = await place(ada, orderBody(ada), key);
    const second = await place(bob, orderBody(bob), key);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json().order._id).not.toBe(first.json().order._id);
  });

  it('mails a confirmation with the number, lines, total, shipping address and payment method', async () => {
    const ada = await shopper();
    const { order } = (await place(ada, orderBody(ada, { paymentMethod: 'card-on-delivery' }))).json();
    const mail = (await s.flushMail()).at(-1);
    expect(mail).toMatchObject({ to: ada.email, subject: `Your order ${order.orderNumber}`, links: [] });
    expect(mail?.text.slice(0, mail.text.indexOf('1. Satıcı'))).toBe(
      [
        `Thank you for your order ${order.orderNumber}.`,
        '',
        `2 × ${cheap.name} at $89.50: $179.00`,
        `1 × ${other.name} at $99.90: $99.90`,
        '',
        'Products: $278.90',
        'Shipping: $100.00',
        'Total: $378.90',
        '',
        'Shipping to:',
        'Ada Lovelace',
        'Moda Cd., No 5, Apt 3',
        'Moda, Kadıköy, İstanbul, 34710',
        'Türkiye',
        '',
        'Payment: Card on delivery',
        '',
        'The pre-information form and the distance sales contract you accepted with this order follow (Ön Bilgilendirme Formu ve Mesafeli Satış Sözleşmesi).',
        '',
        'Ön Bilgilendirme Formu',
        '',
        '',
      ].join('\n'),
    );
    expect(mail?.html).toContain(`<p>Thank you for your order ${order.orderNumber}.</p>`);
    expect(mail?.html).toContain('Payment: Card on delivery');
  });

  it('escapes names in the HTML mail', async () => {
    const ada = await shopper();
    await s.request({
      method: 'PUT',
      url: '/api/users/update-address',
      headers: bearer(ada.token),
      payload: { _id: ada.home, receiverName: '<img src=x onerror=alert(1)>' },
    });
    await place(ada, orderBody(ada));
    const html = (await s.flushMail()).at(-1)?.html;
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;');
    expect(html).not.toContain('<img');
  });

  it('still answers 201 when the mail cannot be sent: the order stands, its mail goes out later', async () => {
    const ada = await shopper();
    const send = s.app.mailer.send;
    s.app.mailer.send = async () => {
      throw new Error('SMTP down');
    };
    try {
      const response = await place(ada, orderBody(ada));
      expect(response.statusCode).toBe(201);
      expect((await get(ada, `/api/orders/${response.json().order._id}`)).statusCode).toBe(200);
      expect((await s.flushMail()).filter((mail) => mail.to === ada.email)).toHaveLength(0);
    } finally {
      s.app.mailer.send = send;
    }
    s.clock.advance(2 * 60 * 60_000);
    const mails = (await s.flushMail()).filter((mail) => mail.to === ada.email);
    expect(mails.map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Your order SF-\d{6}$/)]);
  });
});

describe('GET /api/orders', () => {
  it('pages the caller’s orders newest first, with X-Total-Count', async () => {
    const ada = await shopper();
    const bob = await shopper();
    await place(bob, orderBody(bob));
    const numbers: string[] = [];
    for (let i = 0; i < 5; i++) {
      s.clock.advance(60_000);
      numbers.push((await place(ada, orderBody(ada))).json().order.orderNumber);
    }
    const newestFirst = [...numbers].reverse();
    const page = async (query: string) => {
      const response = await get(ada, `/api/orders${query}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-total-count']).toBe('5');
      return response.json().orders.map((order: { orderNumber: string }) => order.orderNumber);
    };
    expect(await page('')).toEqual(newestFirst);
    expect(await page('?limit=2')).toEqual(newestFirst.slice(0, 2));
    expect(await page('?limit=2&offset=2')).toEqual(newestFirst.slice(2, 4));
    expect(await page('?limit=2&offset=4')).toEqual(newestFirst.slice(4));
    expect(await page('?offset=5')).toEqual([]);
  });

  it.each(['?limit=0', '?limit=101', '?limit=x', '?offset=-1', '?offset=1.5'])('answers 400 for %s', async (query) => {
    const ada = await shopper();
    expect((await get(ada, `/api/orders${query}`)).statusCode).toBe(400);
  });

  it('answers an empty list to a shopper without orders', async () => {
    const ada = await shopper();
    const response = await get(ada, '/api/orders');
    expect([response.statusCode, response.headers['x-total-count'], response.json()]).toEqual([200, '0', { success: true, orders: [] }]);
  });
});

describe('GET /api/orders/{id} and cancelling', () => {
  it("answers 404 for another user's order and an unknown id, 400 for a malformed one", async () => {
    const ada = await shopper();
    const eve = await shopper();
    const { order } = (await place(ada, orderBody(ada))).json();
    for (const response of [await get(eve, `/api/orders/${order._id}`), await get(ada, '/api/orders/0123456789abcdef01234567')]) {
      expect([response.statusCode, response.json()]).toEqual([404, { success: false, message: 'Order not found.' }]);
    }
    expect((await get(ada, '/api/orders/not-an-id')).statusCode).toBe(400);
    expect((await get(eve, '/api/orders')).json().orders).toEqual([]);
  });

  it('cancels a placed order once; a second cancel answers 409', async () => {
    const ada = await shopper();
    const { order } = (await place(ada, orderBody(ada))).json();
    s.clock.advance(5_000);
    const cancelled = await cancel(ada, order._id);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({
      success: true,
      order: { ...order, status: 'cancelled', cancelledAt: s.clock.now().toISOString(), paymentStatus: 'cancelled' },
    });
    const again = await cancel(ada, order._id);
    expect([again.statusCode, again.json()]).toEqual([
      409,
      { success: false, message: `Order ${order.orderNumber} is cancelled and can no longer be cancelled.` },
    ]);
    expect((await get(ada, `/api/orders/${order._id}`)).json().order.status).toBe('cancelled');
  });

  it("answers 404 to cancelling another user's order, which stays placed", async () => {
    const ada = await shopper();
    const eve = await shopper();
    const { order } = (await place(ada, orderBody(ada))).json();
    expect((await cancel(eve, order._id)).statusCode).toBe(404);
    expect((await get(ada, `/api/orders/${order._id}`)).json().order.status).toBe('placed');
  });
});

describe('orders need a session', () => {
  it('answers 401 on every order route without a bearer, whatever the body', async () => {
    const id = '0123456789abcdef01234567';
    for (const [method, url] of [
      ['POST', '/api/orders'],
      ['POST', '/api/orders/contract'],
      ['GET', '/api/orders'],
      ['GET', `/api/orders/${id}`],
      ['POST', `/api/orders/${id}/cancel`],
    ] as const) {
      const response = await s.request({
        method,
        url,
        headers: { 'idempotency-key': newKey() },
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect([response.statusCode, response.json().success], `${method} ${url}`).toEqual([401, false]);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('throttles order submissions per user', async () => {
    const t = await build({ seed: true, env: { RATE_LIMIT_ORDERS_PER_USER: '2' } });
    try {
      const { accessToken } = await t.signIn('throttled@example.com');
      const address = await t.request({
        method: 'PUT',
        url: '/api/users/update-address',
        headers: bearer(accessToken),
        payload: { receiverName: 'Ada' },
      });
      const id = address.json()._newId;
      const submit = async () =>
        t.request({
          method: 'POST',
          url: '/api/orders',
          headers: { ...bearer(accessToken), 'idempotency-key': newKey() },
          payload: await withAcceptedContract(t, accessToken, {
            lines: [{ _id: cheap._id, quantity: 1 }],
            billingAddressId: id,
            shippingAddressId: id,
            paymentMethod: 'cash-on-delivery',
          }),
        });
      expect([(await submit()).statusCode, (await submit()).statusCode]).toEqual([201, 201]);
      const third = await submit();
      expect([third.statusCode, third.json()]).toEqual([429, { success: false, message: 'Too many attempts. Please try again later.' }]);
    } finally {
      await t.close();
    }
  });
});

describe('the pre-information form and the distance sales contract (D24)', () => {
  const contractFor = (who: Shopper, body: Record<string, unknown>) =>
    s.request({ method: 'POST', url: '/api/orders/contract', headers: bearer(who.token), payload: body });
  const placeRaw = (who: Shopper, payload: Record<string, unknown>) =>
    s.request({ method: 'POST', url: '/api/orders', headers: { ...bearer(who.token), 'idempotency-key': newKey() }, payload });

  it('renders both documents in Turkish from the server-priced order, the addresses, the payment and the seller', async () => {
    const ada = await shopper();
    const response = await contractFor(ada, orderBody(ada));
    expect(response.statusCode).toBe(200);
    const { contract } = response.json();
    expect(contract).toMatchObject({ version: expect.any(String), sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(contract.documents.map((d: { kind: string; title: string }) => [d.kind, d.title])).toEqual([
      ['pre-information', 'Ön Bilgilendirme Formu'],
      ['distance-sales', 'Mesafeli Satış Sözleşmesi'],
    ]);
    for (const { text } of contract.documents) {
      expect(text).toContain(s.config.seller.name);
      expect(text).toContain(s.config.seller.mersis);
      expect(text).toContain(`E-posta: ${ada.email}`);
      expect(text).toContain(`- ${cheap.name}: 2 adet × $89.50 (ABD Doları) = $179.00 (ABD Doları)`);
      expect(text).toContain('Toplam ödenecek tutar (vergiler dahil): $378.90 (ABD Doları)');
      expect(text).toContain('Teslimat adresi: Ada Lovelace, Moda Cd., No 5, Apt 3, Moda, Kadıköy, İstanbul, 34710, Türkiye');
      expect(text).toContain('Fatura adresi: Ada at Work, Büyükdere Cd., Türkiye');
      expect(text).toContain('Ödeme şekli: Cash on delivery');
      expect(text).toContain('14 (on dört) gün');
    }
    // Client prices are never read: the text states the catalogue's.
    const cheated = await contractFor(
      ada,
      orderBody(ada, {
        lines: [
          { _id: cheap._id, quantity: 2, prodPrice: 0.01 },
          { _id: other._id, quantity: 1 },
        ],
      }),
    );
    expect(cheated.json().contract.sha256).toBe(contract.sha256);
  });

  it.each([
    ['no acceptance', {}],
    ['an unticked box', { contractAcceptance: { accepted: false, version: 'v', sha256: 'a'.repeat(64) } }],
  ])('refuses an order with %s: 400 with a message, nothing stored and no mail', async (_name, extra) => {
    const ada = await shopper();
    await s.flushMail();
    const before = await orderCount();
    const response = await placeRaw(ada, { ...orderBody(ada), ...extra });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(
      'You must read and accept the pre-information form and the distance sales contract before placing the order.',
    );
    expect(await orderCount()).toBe(before);
    expect((await s.flushMail()).filter((mail) => mail.to === ada.email)).toEqual([]);
  });

  it('refuses with 409 when what was accepted is not what the order would say (a changed price)', async () => {
    const ada = await shopper();
    const { contract } = (await contractFor(ada, orderBody(ada))).json();
    await s.testDb.db.query('UPDATE products SET price = price + 1 WHERE id = $1', [cheap._id]);
    try {
      const before = await orderCount();
      const response = await placeRaw(ada, {
        ...orderBody(ada),
        contractAcceptance: { accepted: true, version: contract.version, sha256: contract.sha256 },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toMatch(/changed since you read them/);
      expect(await orderCount()).toBe(before);
    } finally {
      await s.testDb.db.query('UPDATE products SET price = price - 1 WHERE id = $1', [cheap._id]);
    }
  });

  it('stores the version, the text and its hash, the time and the client; the order and the mail show the contract', async () => {
    const ada = await shopper();
    const { contract } = (await contractFor(ada, orderBody(ada))).json();
    const response = await s.request({
      method: 'POST',
      url: '/api/orders',
      headers: { ...bearer(ada.token), 'idempotency-key': newKey(), 'user-agent': 'ContractTest/1.0' },
      payload: { ...orderBody(ada), contractAcceptance: { accepted: true, version: contract.version, sha256: contract.sha256 } },
    });
    expect(response.statusCode).toBe(201);
    const { order } = response.json();
    const acceptedAt = s.clock.now().toISOString();
    expect(order.contract).toEqual({ version: contract.version, sha256: contract.sha256, acceptedAt, documents: contract.documents });
    expect((await get(ada, `/api/orders/${order._id}`)).json().order.contract).toEqual(order.contract);

    const { rows } = await s.testDb.db.query<{
      template_version: string;
      text: string;
      text_sha256: string;
      client_ip: string;
      user_agent: string;
    }>('SELECT template_version, text, text_sha256, client_ip, user_agent FROM order_contracts WHERE order_id = $1', [order._id]);
    const row = rows[0];
    expect(row).toMatchObject({
      template_version: contract.version,
      text_sha256: contract.sha256,
      client_ip: '127.0.0.1',
      user_agent: 'ContractTest/1.0',
    });
    expect(
      createHash('sha256')
        .update(row?.text ?? '')
        .digest('hex'),
    ).toBe(contract.sha256);

    const mail = (await s.flushMail()).filter((sent) => sent.to === ada.email).at(-1);
    for (const document of contract.documents) expect(mail?.text).toContain(document.text);
    expect(mail?.html).toContain('<h2>Mesafeli Satış Sözleşmesi</h2>');
    expect(mail?.html).toContain('<h2>Ön Bilgilendirme Formu</h2>');
  });

  it('still shows an order placed before D24, without a contract', async () => {
    const ada = await shopper();
    const { order } = (await place(ada, orderBody(ada))).json();
    await s.testDb.db.query('DELETE FROM order_contracts WHERE order_id = $1', [order._id]);
    const shown = await get(ada, `/api/orders/${order._id}`);
    expect([shown.statusCode, shown.json().order.contract]).toEqual([200, null]);
    expect((await get(ada, '/api/orders')).json().orders[0]).not.toHaveProperty('contract');
  });
});
