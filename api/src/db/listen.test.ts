import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reachablePostgres } from '../../../tests/support/reachable-postgres';
import { openTestDb, type TestDb } from '../testing/test-db';

/** TEST_DATABASE_URL, else the local PostgreSQL (docs/testing.md); without one, PGlite's case only. */
const postgres = await reachablePostgres(process.env.TEST_DATABASE_URL);

const channel = () => `test_${randomBytes(4).toString('hex')}`;

describe('Db.listen', () => {
  let t: TestDb;
  beforeEach(async () => {
    t = await openTestDb(undefined, 'empty');
  });
  afterEach(async () => {
    await t.close();
  });

  it('hears a NOTIFY once it is committed, and nothing of a rolled-back one', async () => {
    const name = channel();
    let heard = 0;
    const stop = await t.db.listen(name, { onNotify: () => (heard += 1) });
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query(`NOTIFY ${name}`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await t.db.query(`NOTIFY ${name}`);
    if (t.engine === 'pglite') expect(heard).toBe(1); // before the notifying query resolved
    await expect.poll(() => heard).toBe(1);
    await stop();
    await t.db.query(`NOTIFY ${name}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard).toBe(1);
  });
});

if (postgres) {
  describe('Db.listen on PostgreSQL', () => {
    let t: TestDb;
    beforeEach(async () => {
      t = await openTestDb(postgres, 'empty');
    });
    afterEach(async () => {
      await t.close();
    });

    it('says when its connection is lost, listens again, and hears what follows', async () => {
      const name = channel();
      const events: string[] = [];
      const stop = await t.db.listen(name, {
        onNotify: () => events.push('notify'),
        onLive: (live) => events.push(live ? 'live' : 'lost'),
      });
      expect(events).toEqual(['live']);
      await t.db.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = $1`, [`LISTEN ${name}`]);
      await expect.poll(() => events, { timeout: 5000 }).toEqual(['live', 'lost', 'live']);
      await t.db.query(`NOTIFY ${name}`);
      await expect.poll(() => events, { timeout: 5000 }).toEqual(['live', 'lost', 'live', 'notify']);
      await stop();
    });
  });
}
