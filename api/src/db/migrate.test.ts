import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../testing/test-db';
import { accountMigrations } from './migrations/account-migrations';
import { migrate } from './migrate';

describe('migrate', () => {
  let t: TestDb;
  beforeEach(async () => {
    t = await openTestDb(undefined, 'empty');
  });
  afterEach(async () => {
    await t.close();
  });

  it('applies pending migrations once, in id order', async () => {
    const order: string[] = [];
    const migrations = [
      { id: '002_b', sql: 'CREATE TABLE b (x int); INSERT INTO b VALUES (2)' },
      { id: '001_a', sql: 'CREATE TABLE a (x int)' },
    ];
    expect(await migrate(t.db, migrations)).toEqual(['001_a', '002_b']);
    expect(await migrate(t.db, migrations)).toEqual([]);
    const rows = await t.db.query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY applied_at, id');
    for (const row of rows.rows) order.push(row.id);
    expect(order).toEqual(['001_a', '002_b']);
    expect((await t.db.query<{ x: number }>('SELECT x FROM b')).rows).toEqual([{ x: 2 }]);
  });

  it('rolls a failing migration back entirely and records nothing for it', async () => {
    await expect(migrate(t.db, [{ id: '001_bad', sql: 'CREATE TABLE c (x int); SELECT no_such_function()' }])).rejects.toThrow();
    const recorded = await t.db.query('SELECT id FROM schema_migrations');
    expect(recorded.rows).toEqual([]);
    await expect(t.db.query('SELECT * FROM c')).rejects.toThrow();
  });

  it('rejects duplicate ids', async () => {
    await expect(
      migrate(t.db, [
        { id: '001_a', sql: 'SELECT 1' },
        { id: '001_a', sql: 'SELECT 2' },
      ]),
    ).rejects.toThrow(/Duplicate/);
  });

  it('creates the accounts schema with a case-insensitive unique email key', async () => {
    await migrate(t.db, accountMigrations);
    const insert = "INSERT INTO users (id, email, email_key, user_name, password_hash, created_at) VALUES ($1, $2, $3, 'u', 'h', now())";
    await t.db.query(insert, ['id1', 'A@x.io', 'a@x.io']);
    await expect(t.db.query(insert, ['id2', 'a@X.io', 'a@x.io'])).rejects.toThrow();
  });
});
