import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOCK_ALERT_ACCEPTED, STOCK_ALERT_IN_STOCK } from '@shop/core/domain/stock-alert';
import { reachablePostgres } from '../../../tests/support/reachable-postgres';
import { MailOutbox } from '../mail/mail-outbox';
import { build, type TestServer } from '../testing/test-server';
import { StockAlerts } from './stock-alerts';

/**
 * 'Haber ver' (D25, docs/products.md "Back in stock"): a request for a sold-out product or
 * variant, and one mail through the outbox once it is back. On PGlite and on PostgreSQL, where
 * two processes' sweeps really run at once.
 */
const postgres = await reachablePostgres(process.env.TEST_DATABASE_URL);
const engines = [{ engine: 'pglite', url: null }, ...(postgres ? [{ engine: 'postgres', url: postgres }] : [])];

const SHIRT = 'c5000000000000000000000a';
const SMALL = 'c5000000000000000000000b';
const MEDIUM = 'c5000000000000000000000c';
const MUG = 'c5000000000000000000000d';
const LAMP = 'c5000000000000000000000e';
const NOWHERE = 'c5000000000000000000000f';

/** A shirt in S (sold out) and M (2 left), a mug sold out, a lamp whose stock is not tracked. */
async function stockFixture(s: TestServer): Promise<void> {
  const db = s.testDb.db;
  await db.query(`INSERT INTO products (id, name, price) VALUES ($1, 'Basic Tişört', 10), ($2, 'Kupa', 5), ($3, 'Lamba', 20)`, [
    SHIRT,
    MUG,
    LAMP,
  ]);
  await db.query('UPDATE products SET stock = 0 WHERE id = $1', [MUG]);
  await db.query(`INSERT INTO product_options (product_id, position, name, option_values) VALUES ($1, 1, 'Beden', '{S,M}')`, [SHIRT]);
  await db.query(
    `INSERT INTO product_variants (id, product_id, position, option_values, stock) VALUES ($1, $3, 1, '{S}', 0), ($2, $3, 2, '{M}', 2)`,
    [SMALL, MEDIUM, SHIRT],
  );
}

describe.each(engines)("'Haber ver' on $engine", ({ url }) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await build({ databaseUrl: url });
    await stockFixture(s);
  });
  afterAll(() => s.close());

  const notify = (productId: string, payload: Record<string, unknown>, ip = '203.0.113.7') =>
    s.request({ method: 'POST', url: `/api/product/${productId}/notify`, payload, remoteAddress: ip });
  const pending = async (): Promise<number> =>
    Number((await s.testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM stock_alerts WHERE sent_at IS NULL')).rows[0]?.n);
  const spent = async (): Promise<number> =>
    Number((await s.testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM stock_alerts WHERE sent_at IS NOT NULL')).rows[0]?.n);
  const alertMails = async (): Promise<number> =>
    Number(
      (await s.testDb.db.query<{ n: number }>("SELECT count(*)::int AS n FROM mail_outbox WHERE cause LIKE 'stock-alert:%'")).rows[0]?.n,
    );
  const setStock = (variantId: string, stock: number) =>
    s.testDb.db.query('UPDATE product_variants SET stock = $2 WHERE id = $1', [variantId, stock]);

  it('keeps one request for a sold-out variant, whatever case the address is written in, and answers 202', async () => {
    const first = await notify(SHIRT, { email: ' Ada@Example.com ', variantId: SMALL });
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ success: true, message: STOCK_ALERT_ACCEPTED });
    const repeat = await notify(SHIRT, { email: 'ada@example.com', variantId: SMALL });
    expect([repeat.statusCode, repeat.json()]).toEqual([202, { success: true, message: STOCK_ALERT_ACCEPTED }]);
    expect(await pending()).toBe(1);
    // The product itself (any variant back) and a sold-out simple product are requests of their own.
    expect((await notify(SHIRT, { email: 'ada@example.com' })).statusCode).toBe(409);
    expect((await notify(MUG, { email: 'ada@example.com' })).statusCode).toBe(202);
    expect(await pending()).toBe(2);
  });

  it('refuses what is in stock (409), an unknown product (404), a foreign variant and a bad address (400), storing nothing', async () => {
    const before = await pending();
    const answers = [
      [await notify(SHIRT, { email: 'bob@example.com', variantId: MEDIUM }), 409, STOCK_ALERT_IN_STOCK],
      [await notify(LAMP, { email: 'bob@example.com' }), 409, STOCK_ALERT_IN_STOCK],
      [await notify(NOWHERE, { email: 'bob@example.com' }), 404, 'Product not found.'],
      [await notify(MUG, { email: 'bob@example.com', variantId: SMALL }), 400, 'This product has no variants.'],
      [await notify(SHIRT, { email: 'bob@example.com', variantId: NOWHERE }), 400, 'This variant is not one of the product’s.'],
      [
        await notify(SHIRT, { email: 'not an address', variantId: SMALL }),
        400,
        'Invalid request. email: A valid email address is required.',
      ],
    ] as const;
    for (const [response, status, message] of answers) {
      expect([response.statusCode, response.json()]).toEqual([status, { success: false, message }]);
    }
    expect(await pending()).toBe(before);
  });

  it('mails once when the variant is back, through the outbox; none while it is still sold out, none twice', async () => {
    await notify(SHIRT, { email: 'cem@example.com', variantId: SMALL });
    // Another variant's change is heard, and sends nothing.
    await setStock(MEDIUM, 5);
    await s.flushMail();
    expect(s.mails.filter((mail) => mail.to === 'cem@example.com')).toEqual([]);

    await setStock(SMALL, 3);
    await expect.poll(spent, { timeout: 5000, interval: 20 }).toBe(2);
    const mails = (await s.flushMail()).filter((mail) => mail.subject === 'Back in stock: Basic Tişört (S)');
    expect(mails.map((mail) => mail.to).sort()).toEqual(['Ada@Example.com', 'cem@example.com']);
    expect(mails[0]?.links).toEqual([`${s.config.publicUrl}/product/${SHIRT}?variant=${SMALL}`]);

    // More stock later: the requests are spent.
    await setStock(SMALL, 4);
    await setStock(SMALL, 0);
    await setStock(SMALL, 1);
    await s.flushMail();
    expect(s.mails.filter((mail) => mail.subject === 'Back in stock: Basic Tişört (S)')).toHaveLength(2);
    expect(await alertMails()).toBe(2);
  });

  it('sends each mail once with two processes listening, and sweeps at start what came back while none was', async () => {
    const db = s.testDb.db;
    const second = new StockAlerts(db, s.clock, new MailOutbox(db, s.clock), s.config.publicUrl, (error) => {
      throw error;
    });
    await second.start();
    for (let n = 0; n < 5; n += 1) await notify(MUG, { email: `mug-${n}@example.com` });
    const before = await alertMails();
    await db.query('UPDATE products SET stock = 3 WHERE id = $1', [MUG]);
    await expect.poll(pending, { timeout: 5000, interval: 20 }).toBe(0);
    await second.settled();
    expect(await alertMails()).toBe(before + 6);
    await second.stop();

    // Stock that rose while nobody listened is found by the next start's sweep.
    await db.query('UPDATE products SET stock = 0 WHERE id = $1', [MUG]);
    await notify(MUG, { email: 'late@example.com' });
    await db.query(`UPDATE products SET stock = 1 WHERE id = $1`, [MUG]);
    await expect.poll(pending, { timeout: 5000, interval: 20 }).toBe(0);
    await db.query(`UPDATE stock_alerts SET sent_at = NULL WHERE email = 'late@example.com'`);
    await db.query(`DELETE FROM mail_outbox WHERE recipient = 'late@example.com'`);
    const third = new StockAlerts(db, s.clock, new MailOutbox(db, s.clock), s.config.publicUrl, (error) => {
      throw error;
    });
    await third.start();
    await third.settled();
    expect(await pending()).toBe(0);
    expect((await db.query("SELECT 1 FROM mail_outbox WHERE recipient = 'late@example.com'")).rows).toHaveLength(1);
    await third.stop();
  });
});

describe('throttling', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await build({ databaseUrl: null, env: { RATE_LIMIT_STOCK_ALERT_PER_ADDRESS: '2', RATE_LIMIT_STOCK_ALERT_PER_CLIENT: '3' } });
    await stockFixture(s);
  });
  afterAll(() => s.close());

  const notify = (email: string, ip: string) =>
    s.request({ method: 'POST', url: `/api/product/${MUG}/notify`, payload: { email }, remoteAddress: ip });

  it('limits requests per address from any client, and per client for any address (429)', async () => {
    expect((await notify('dan@example.com', '198.51.100.1')).statusCode).toBe(202);
    expect((await notify('DAN@example.com', '198.51.100.2')).statusCode).toBe(202);
    const third = await notify('dan@example.com', '198.51.100.3');
    expect([third.statusCode, third.json().message]).toEqual([429, 'Too many attempts. Please try again later.']);

    for (const n of [1, 2]) expect((await notify(`eve-${n}@example.com`, '198.51.100.9')).statusCode).toBe(202);
    expect((await notify('eve-3@example.com', '198.51.100.9')).statusCode).toBe(202);
    expect((await notify('eve-4@example.com', '198.51.100.9')).statusCode).toBe(429);
  });
});
