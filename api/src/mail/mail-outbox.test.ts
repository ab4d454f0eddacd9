import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoProducts } from '@shop/core/demo/demo-catalog';
import { productIdFromSlug } from '@shop/core/demo/product-id';
import { openPgDb } from '../db/pg-db';
import type { Db } from '../db/types';
import { withAcceptedContract } from '../testing/accepted-order';
import { bearer, build, fakeClock, type FakeClock, type TestServer } from '../testing/test-server';
import { openTestDb, type TestDb } from '../testing/test-db';
import { GIVE_UP_AFTER_MS, MailOutbox, retryDelayMs } from './mail-outbox';
import type { Mailer, OutgoingMail } from './mailer';
import { LEASE_MS, MailWorker, type WorkerLog } from './mail-worker';

const HOUR = 60 * 60_000;
const FROM = 'Shop <no-reply@shop.example>';
const quiet: WorkerLog = { warn: () => undefined };

function mail(to: string, text = 'Hello'): OutgoingMail {
  return { to, subject: `For ${to}`, text, html: `<p>${text}</p>`, links: [] };
}

/** A mailer that records what it sends and fails while `down` is true. */
function recordingMailer(): Mailer & { sent: OutgoingMail[]; tries: number; down: boolean } {
  const mailer = {
    sent: [] as OutgoingMail[],
    tries: 0,
    down: false,
    async send(outgoing: OutgoingMail) {
      mailer.tries++;
      if (mailer.down) throw new Error('SMTP down');
      mailer.sent.push(outgoing);
    },
  };
  return mailer;
}

async function rows(db: Db, where = 'true') {
  const { rows: found } = await db.query<{
    cause: string;
    attempts: number;
    sent_at: unknown;
    dead_at: unknown;
    claimed_until: unknown;
    text: string | null;
    html: string | null;
    links: unknown;
    last_error: string | null;
    next_attempt_at: Date | string;
  }>(`SELECT * FROM mail_outbox WHERE ${where} ORDER BY id`);
  return found;
}

describe('the outbox and its worker, on the database alone', () => {
  let t: TestDb;
  let clock: FakeClock;
  let outbox: MailOutbox;
  const enqueue = (outgoing: OutgoingMail, cause: string) => t.db.transaction((tx) => outbox.enqueue(tx, outgoing, cause));

  beforeAll(async () => {
    t = await openTestDb();
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(async () => {
    await t.db.query('DELETE FROM mail_outbox');
  });
  const fresh = () => {
    clock = fakeClock();
    outbox = new MailOutbox(t.db, clock, () => 0.5);
  };

  it('keeps one mail per cause, however often it is enqueued', async () => {
    fresh();
    expect(await enqueue(mail('once@example.com'), 'order-confirmation:o1')).toBe(true);
    expect(await enqueue(mail('once@example.com', 'Other text'), 'order-confirmation:o1')).toBe(false);
    await t.db.transaction(async (tx) => {
      expect(await outbox.enqueue(tx, mail('once@example.com'), 'order-confirmation:o2')).toBe(true);
      expect(await outbox.enqueue(tx, mail('once@example.com'), 'order-confirmation:o2')).toBe(false);
    });
    const mailer = recordingMailer();
    const worker = new MailWorker({ outbox, mailer, log: quiet, from: FROM });
    await worker.drain();
    await worker.drain();
    expect(mailer.sent.map((sent) => sent.text)).toEqual(['Hello', 'Hello']);
    expect(new Set(mailer.sent.map((sent) => sent.messageId)).size).toBe(2);
  });

  it('writes nothing when the transaction that enqueued rolls back', async () => {
    fresh();
    await expect(
      t.db.transaction(async (tx) => {
        await outbox.enqueue(tx, mail('rolled@example.com'), 'verify-email:rolled');
        throw new Error('the cause failed');
      }),
    ).rejects.toThrow('the cause failed');
    expect(await rows(t.db)).toEqual([]);
  });

  it('retries with backoff, then delivers each mail once, with a Message-ID from its cause', async () => {
    fresh();
    const mailer = recordingMailer();
    mailer.down = true;
    const worker = new MailWorker({ outbox, mailer, log: quiet, from: FROM });
    for (const n of [1, 2, 3]) await enqueue(mail(`r${n}@example.com`), `test:${n}`);

    await worker.drain();
    expect(mailer.tries).toBe(3);
    let owed = await rows(t.db);
    expect(owed.map((row) => [row.attempts, row.last_error, row.claimed_until])).toEqual(Array(3).fill([1, 'SMTP down', null]));
    // The first retry waits 30 s (the jitter pinned at its middle).
    expect(owed.map((row) => new Date(row.next_attempt_at).getTime() - clock.now().getTime())).toEqual(Array(3).fill(30_000));

    // Not due yet: nothing is tried.
    clock.advance(29_000);
    await worker.drain();
    expect(mailer.tries).toBe(3);

    clock.advance(1000);
    await worker.drain();
    expect(mailer.tries).toBe(6);
    owed = await rows(t.db);
    expect(owed.map((row) => new Date(row.next_attempt_at).getTime() - clock.now().getTime())).toEqual(Array(3).fill(60_000));

    mailer.down = false;
    clock.advance(60_000);
    await worker.drain();
    clock.advance(2 * HOUR);
    await worker.drain();
    expect(mailer.sent.map((sent) => sent.to).sort()).toEqual(['r1@example.com', 'r2@example.com', 'r3@example.com']);
    expect(mailer.sent.map((sent) => sent.messageId)).toEqual([1, 2, 3].map((n) => worker.messageIdFor(`test:${n}`)));
    expect(worker.messageIdFor('test:1')).toMatch(/^<[0-9a-f]{32}\.outbox@shop\.example>$/);
    // Sent: the row stays (its cause is taken), its body, which may carry a token, does not.
    const sent = await rows(t.db);
    expect(sent.map((row) => [row.attempts, row.sent_at !== null, row.text, row.html, row.links])).toEqual(
      Array(3).fill([3, true, null, null, null]),
    );
    expect(await outbox.counts()).toEqual({ pending: 0, sent: 3, dead: 0 });
  });

  it('backs off 30 s doubling to an hour, with at most 20 % jitter either way', () => {
    expect([1, 2, 3, 4, 7, 8, 30].map((attempts) => retryDelayMs(attempts, 0.5))).toEqual([
      30_000,
      60_000,
      120_000,
      240_000,
      1_920_000,
      HOUR,
      HOUR,
    ]);
    expect(retryDelayMs(1, 0)).toBe(24_000);
    // MAIL_RETRY_BASE_SECONDS sets the first wait; the doubling and the cap stay.
    expect(retryDelayMs(3, 0.5, 1000)).toBe(4000);
    expect(retryDelayMs(30, 0.5, 1000)).toBe(HOUR);
    expect(retryDelayMs(30, 0.999_999)).toBeLessThanOrEqual(1.2 * HOUR);
  });

  it('gives a mail up after it has failed for more than a day, and shows it as a dead letter', async () => {
    fresh();
    const mailer = recordingMailer();
    mailer.down = true;
    const worker = new MailWorker({ outbox, mailer, log: quiet, from: FROM });
    await enqueue(
      { ...mail('gone@example.com', 'secret-token-text'), links: ['https://shop.example/reset-password/TOKEN'] },
      'reset-password:h1',
    );
    const start = clock.now().getTime();
    while (clock.now().getTime() - start <= GIVE_UP_AFTER_MS + 2 * HOUR) {
      await worker.drain();
      clock.advance(2 * HOUR);
    }
    const tries = mailer.tries;
    expect(tries).toBeGreaterThan(12);
    const [row] = await rows(t.db);
    expect(row?.dead_at).not.toBeNull();

    const dead = await outbox.deadLetters();
    expect(dead).toEqual([
      {
        cause: 'reset-password:h1',
        recipient: 'gone@example.com',
        subject: 'For gone@example.com',
        attempts: tries,
        lastError: 'SMTP down',
        createdAt: new Date(start).toISOString(),
        nextAttemptAt: expect.any(String),
        deadAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
    expect(JSON.stringify(dead)).not.toMatch(/secret-token-text|TOKEN/);
    expect(await outbox.pending()).toEqual([]);
    expect(await outbox.counts()).toEqual({ pending: 0, sent: 0, dead: 1 });

    // Dead is dead: the mail server back, days later, it is not sent.
    mailer.down = false;
    clock.advance(48 * HOUR);
    await worker.drain();
    expect(mailer.tries).toBe(tries);
  });

  it('does not claim a mail again before its lease ends', async () => {
    fresh();
    await enqueue(mail('leased@example.com'), 'test:leased');
    const [first] = await outbox.claim(5, LEASE_MS);
    expect(first?.attempts).toBe(1);
    expect(await outbox.claim(5, LEASE_MS)).toEqual([]);
    clock.advance(LEASE_MS - 1);
    expect(await outbox.claim(5, LEASE_MS)).toEqual([]);
    // The worker that held it is gone (its process died): the mail comes back when the lease ends.
    clock.advance(1);
    const [again] = await outbox.claim(5, LEASE_MS);
    expect([again?.cause, again?.attempts]).toEqual(['test:leased', 2]);
    // The first claim's late outcome no longer counts: the lease is the second claim's now.
    expect(await outbox.markFailed(first!, new Error('late'))).toEqual({ lost: true });
    await outbox.markSent(again!);
    expect(await outbox.counts()).toEqual({ pending: 0, sent: 1, dead: 0 });
  });

  it('two workers on one database (two connection pools on PostgreSQL) never send one mail twice', async () => {
    fresh();
    const second: Db =
      t.engine === 'postgres' && t.schema ? await openPgDb(process.env.TEST_DATABASE_URL!, { searchPath: t.schema }) : t.db;
    try {
      const causes = Array.from({ length: 40 }, (_, n) => `test:pair-${n}`);
      for (const cause of causes) await enqueue(mail(`${cause.slice(5)}@example.com`), cause);
      const sent: string[] = [];
      const slowMailer: Mailer = {
        async send(outgoing) {
          await new Promise((resolve) => setTimeout(resolve, 2));
          sent.push(`${outgoing.messageId}`);
        },
      };
      const a = new MailWorker({ outbox, mailer: slowMailer, log: quiet, from: FROM });
      const b = new MailWorker({ outbox: new MailOutbox(second, clock), mailer: slowMailer, log: quiet, from: FROM });
      await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
      expect(sent).toHaveLength(40);
      expect(new Set(sent)).toEqual(new Set(causes.map((cause) => a.messageIdFor(cause))));
      expect(await outbox.counts()).toEqual({ pending: 0, sent: 40, dead: 0 });
    } finally {
      if (second !== t.db) await second.close();
    }
  });

  it('ends a send that hangs at its deadline and tries it again later', async () => {
    fresh();
    const hanging: Mailer = { send: () => new Promise(() => undefined) };
    const worker = new MailWorker({ outbox, mailer: hanging, log: quiet, from: FROM, sendTimeoutMs: 50, leaseMs: 1000 });
    await enqueue(mail('slow@example.com'), 'test:hang');
    await worker.drain();
    const [row] = await rows(t.db);
    expect([row?.attempts, row?.last_error, row?.claimed_until, row?.sent_at]).toEqual([1, 'mail send timed out after 50 ms', null, null]);
  });

  it('stop() lets the mail being sent finish, then claims no other', async () => {
    fresh();
    let release!: () => void;
    let started!: () => void;
    const sending = new Promise<void>((resolve) => (started = resolve));
    const mailer: Mailer = {
      send: () =>
        new Promise<void>((resolve) => {
          release = resolve;
          started();
        }),
    };
    const worker = new MailWorker({ outbox, mailer, log: quiet, from: FROM });
    await enqueue(mail('first@example.com'), 'test:first');
    await enqueue(mail('second@example.com'), 'test:second');
    void worker.drain();
    await sending;
    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    release();
    await stopping;
    const all = await rows(t.db);
    expect(all.map((row) => [row.cause, row.sent_at !== null, row.attempts])).toEqual([
      ['test:first', true, 1],
      ['test:second', false, 0],
    ]);
    await worker.drain();
    expect((await rows(t.db))[1]?.attempts).toBe(0);
  });

  it('survives a database error: it warns and tries again on the next run', async () => {
    fresh();
    await enqueue(mail('later@example.com'), 'test:db-error');
    let failNext = true;
    const flaky: Db = {
      ...t.db,
      query: (sql, params) => {
        if (failNext) {
          failNext = false;
          return Promise.reject(new Error('Connection terminated unexpectedly'));
        }
        return t.db.query(sql, params);
      },
    };
    const warnings: string[] = [];
    const mailer = recordingMailer();
    const worker = new MailWorker({
      outbox: new MailOutbox(flaky, clock),
      mailer,
      log: { warn: (fields, message) => warnings.push(`${message} ${JSON.stringify(fields)}`) },
      from: FROM,
    });
    await worker.drain();
    expect(mailer.sent).toEqual([]);
    expect(warnings).toEqual([expect.stringContaining('database error, will try again')]);
    await worker.drain();
    expect(mailer.sent.map((sent) => sent.to)).toEqual(['later@example.com']);
  });
});

describe('every mail through the outbox, in the transaction of its cause', () => {
  let s: TestServer;
  const logs: string[] = [];
  const failing = new Set<string>();

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs.push(chunk.toString());
        done();
      },
    });
    s = await build({ seed: true, env: { LOG_LEVEL: 'info' }, logStream });
    const send = s.app.mailer.send;
    s.app.mailer.send = async (outgoing) => {
      if (failing.has(outgoing.to)) throw new Error(`SMTP down for ${outgoing.to}`);
      return send(outgoing);
    };
  });
  afterAll(async () => {
    await s.close();
  });

  const outboxFor = async (to: string) => rows(s.testDb.db, `recipient = '${to}'`);

  it('an order whose transaction fails at commit leaves no order and no mail', async () => {
    const session = await s.signIn('atomic@example.com');
    const address = await s.request({
      method: 'PUT',
      url: '/api/users/update-address',
      headers: bearer(session.accessToken),
      payload: { addressName: 'Home', receiverName: 'Ada', countryName: 'Türkiye' },
    });
    const addressId = address.json()._newId as string;
    const product = demoProducts.find((candidate) => candidate.price !== null)!;
    // Fails the commit itself, after everything the placing transaction wrote (its mail included).
    await s.testDb.db.query(`
      CREATE FUNCTION refuse_order() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused at commit'; END $$;
      CREATE CONSTRAINT TRIGGER refuse_order AFTER INSERT ON orders DEFERRABLE INITIALLY DEFERRED
        FOR EACH ROW WHEN (NEW.user_id = '${session.user._id}') EXECUTE FUNCTION refuse_order();
    `);
    const order = {
      lines: [{ _id: productIdFromSlug(product.slug), quantity: 1 }],
      billingAddressId: addressId,
      shippingAddressId: addressId,
      paymentMethod: 'cash-on-delivery',
    };
    const place = async () =>
      s.request({
        method: 'POST',
        url: '/api/orders',
        headers: { ...bearer(session.accessToken), 'idempotency-key': `atomic-${Date.now()}` },
        payload: await withAcceptedContract(s, session.accessToken, order),
      });
    try {
      expect((await place()).statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await s.testDb.db.query('DROP TRIGGER refuse_order ON orders; DROP FUNCTION refuse_order();');
    }
    expect(await outboxFor('atomic@example.com')).toEqual([]);
    expect((await s.flushMail()).filter((sent) => sent.to === 'atomic@example.com')).toEqual([]);

    // And the order that commits has its mail, sent once.
    const placed = await place();
    expect(placed.statusCode).toBe(201);
    const [queued] = await outboxFor('atomic@example.com');
    expect(queued?.cause).toBe(`order-confirmation:${placed.json().order._id}`);
    await s.flushMail();
    s.clock.advance(2 * HOUR);
    expect((await s.flushMail()).filter((sent) => sent.to === 'atomic@example.com')).toHaveLength(1);
  });

  it('a verification mail that cannot be written issues no token (and fails the request)', async () => {
    await s.testDb.db.query(`
      CREATE FUNCTION refuse_mail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'outbox refused'; END $$;
      CREATE TRIGGER refuse_mail BEFORE INSERT ON mail_outbox
        FOR EACH ROW WHEN (NEW.recipient = 'unwritten@example.com') EXECUTE FUNCTION refuse_mail();
    `);
    try {
      const answer = await s.request({
        method: 'POST',
        url: '/api/users/verify-email-anonymous',
        payload: { to: 'unwritten@example.com' },
      });
      expect(answer.statusCode).not.toBe(200);
    } finally {
      await s.testDb.db.query('DROP TRIGGER refuse_mail ON mail_outbox; DROP FUNCTION refuse_mail();');
    }
    const tokens = await s.testDb.db.query("SELECT 1 FROM mail_tokens WHERE email_key = 'unwritten@example.com'");
    expect(tokens.rows).toEqual([]);
  });

  it('answers at once while the mail server is down, and delivers each mail once when it is back, without logging a token or a body', async () => {
    const addresses = ['down1@example.com', 'down2@example.com'];
    addresses.forEach((to) => failing.add(to));
    const session = await s.signIn('down3@example.com');
    failing.add('down3@example.com');
    for (const to of addresses) {
      const answer = await s.request({ method: 'POST', url: '/api/users/verify-email-anonymous', payload: { to } });
      expect(answer.statusCode).toBe(200);
    }
    const signedIn = await s.request({ method: 'POST', url: '/api/users/verify-email', headers: bearer(session.accessToken), payload: {} });
    expect(signedIn.statusCode).toBe(200);
    const forgot = await s.request({ method: 'POST', url: '/api/users/forgot-password', payload: { to: 'down3@example.com' } });
    expect(forgot.statusCode).toBe(200);
    await expect.poll(async () => (await outboxFor('down3@example.com')).length).toBe(2);

    const isOurs = (sent: OutgoingMail) => sent.to.startsWith('down');
    expect((await s.flushMail()).filter(isOurs)).toEqual([]);
    s.clock.advance(2 * HOUR);
    expect((await s.flushMail()).filter(isOurs)).toEqual([]);
    expect((await outboxFor('down1@example.com'))[0]?.attempts).toBe(2);

    failing.clear();
    s.clock.advance(2 * HOUR);
    await s.flushMail();
    s.clock.advance(2 * HOUR);
    const delivered = (await s.flushMail()).filter(isOurs);
    expect(delivered.map((sent) => [sent.to, sent.subject]).sort()).toEqual([
      ['down1@example.com', 'Verify your email address'],
      ['down2@example.com', 'Verify your email address'],
      ['down3@example.com', 'Reset your password'],
      ['down3@example.com', 'Verify your email address'],
    ]);

    // The delivered links work, and neither a token nor a mail's text reached the log.
    const token = await s.tokenFromMail('down1@example.com', '/verify-email-anonymous/');
    expect((await s.request({ method: 'POST', url: `/api/users/email-verification-anonymous/${token}`, payload: {} })).statusCode).toBe(
      200,
    );
    const logged = logs.join('');
    expect(logged).toContain('mail send failed, will retry');
    for (const sent of delivered) {
      const sentToken = sent.links[0]!.slice(sent.links[0]!.lastIndexOf('/') + 1);
      expect(logged).not.toContain(sentToken);
    }
    expect(logged).not.toContain('Please confirm');
  });
});
