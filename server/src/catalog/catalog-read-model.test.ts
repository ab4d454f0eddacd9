import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db, ListenHandlers } from '../db/types';
import { build, type TestServer } from '../testing/test-server';
import { openTestDb, type TestDb } from '../testing/test-db';
import { productIdFromSlug } from '../../../demo/product-id';
import { CatalogReadModel } from './catalog-read-model';
import { seedCatalog } from './seed-catalog';

const productId = productIdFromSlug('parasut-hamak');

/**
 * Runs SQL the way another process would: on PostgreSQL a connection of its own (outside the
 * app's pool, with the test schema), on PGlite the one instance (one process owns a PGlite
 * database, so every write passes through it).
 */
async function otherWriter(
  server: TestServer,
): Promise<{ query(sql: string, params?: unknown[]): Promise<unknown>; close(): Promise<void> }> {
  const { schema } = server.testDb;
  if (!schema) return { query: (sql, params) => server.testDb.db.query(sql, params), close: async () => undefined };
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL, options: `-c search_path=${schema}` });
  await client.connect();
  return { query: (sql, params) => client.query(sql, params), close: () => client.end() };
}

/**
 * The next read on PGlite; on PostgreSQL the notification travels over another connection, so
 * the change shows within moments rather than on the very next read: ask until it does.
 */
async function eventually<T>(server: TestServer, read: () => Promise<T>, check: (value: T) => void): Promise<void> {
  if (server.testDb.engine === 'pglite') {
    check(await read());
    return;
  }
  await expect
    .poll(
      async () => {
        try {
          check(await read());
          return true;
        } catch {
          return false;
        }
      },
      { timeout: 5000, interval: 20 },
    )
    .toBe(true);
}

describe('the catalogue read model sees changes made behind its back', () => {
  let server: TestServer;
  let writer: Awaited<ReturnType<typeof otherWriter>>;
  beforeAll(async () => {
    server = await build({ seed: true });
    writer = await otherWriter(server);
  });
  afterAll(async () => {
    await writer.close();
    await server.close();
  });

  const product = () => server.request({ method: 'GET', url: `/api/product/${productId}` });

  it('an UPDATE of products: a new body and a new ETag on the next read; the old ETag no longer answers 304', async () => {
    const before = await product();
    expect(before.json()).toMatchObject({ prodName: 'Paraşüt Kumaşı Hamak', prodPrice: 499 });
    await writer.query('UPDATE products SET name = $1, price = $2 WHERE id = $3', ['Hamak (yeni)', 450, productId]);
    await eventually(server, product, (after) => {
      expect(after.json()).toMatchObject({ prodName: 'Hamak (yeni)', prodPrice: 450 });
      expect(after.headers.etag).not.toBe(before.headers.etag);
    });
    const revalidated = await server.request({
      method: 'GET',
      url: `/api/product/${productId}`,
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(200);
    const listed = await server.request({ method: 'POST', url: '/api/product', payload: {} });
    expect(listed.json<Array<{ _id: string; prodName: string }>>().find((p) => p._id === productId)?.prodName).toBe('Hamak (yeni)');
  });

  it('a new category, an image removed, a collection left: each on the next read', async () => {
    await writer.query("INSERT INTO categories (category_id, name, parent_category_id) VALUES (9001, 'Yeni kategori', NULL)");
    await eventually(
      server,
      () => server.request({ method: 'GET', url: '/api/Category' }),
      (response) => expect(response.json()).toContainEqual({ categoryId: 9001, categoryName: 'Yeni kategori', parentCategoryId: null }),
    );

    await writer.query('DELETE FROM product_images WHERE product_id = $1 AND position = 2', [productId]);
    await eventually(server, product, (response) => expect(response.json()).not.toHaveProperty('prodImg2'));
    await eventually(
      server,
      () => server.request({ method: 'GET', url: `/images/products/${productId}-2.svg` }),
      (response) => expect(response.statusCode).toBe(404),
    );

    const popular = () => server.request({ method: 'POST', url: '/api/product', payload: { collection: 'popular' } });
    const member = (await popular()).json<Array<{ _id: string }>>()[0]?._id;
    await writer.query("DELETE FROM product_collections WHERE product_id = $1 AND collection = 'popular'", [member]);
    await eventually(server, popular, (response) =>
      expect(response.json<Array<{ _id: string }>>().map((p) => p._id)).not.toContain(member),
    );
  });

  it('a seed run restores the demo catalogue, and the answers follow', async () => {
    await seedCatalog(server.testDb.db);
    await eventually(server, product, (response) => {
      expect(response.json()).toMatchObject({ prodName: 'Paraşüt Kumaşı Hamak', prodPrice: 499, prodImg2: expect.any(String) });
    });
  });

  it('a rolled-back change changes nothing', async () => {
    const before = await product();
    await expect(
      server.testDb.db.transaction(async (tx) => {
        await tx.query('UPDATE products SET name = $1 WHERE id = $2', ['Never', productId]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const after = await product();
    expect(after.body).toBe(before.body);
    expect(after.headers.etag).toBe(before.headers.etag);
  });
});

/** A Db that counts queries and lets the test play the listening connection's part. */
function observed(db: Db) {
  const seen = { queries: 0, handlers: undefined as ListenHandlers | undefined };
  const wrapped: Db = {
    query: (sql, params) => {
      seen.queries += 1;
      return db.query(sql, params);
    },
    transaction: (work) => {
      seen.queries += 1;
      return db.transaction(work);
    },
    listen: async (_channel, handlers) => {
      seen.handlers = handlers;
      return async () => undefined;
    },
    close: () => db.close(),
  };
  return { db: wrapped, seen };
}

describe('CatalogReadModel', () => {
  let testDb: TestDb;
  beforeEach(async () => {
    testDb = await openTestDb(undefined, 'seeded');
  });
  afterEach(async () => {
    await testDb.close();
  });

  it('reads the database once, however many reads overlap, and not again until a notification', async () => {
    const { db, seen } = observed(testDb.db);
    const model = new CatalogReadModel(db);
    await model.start();
    const snapshots = await Promise.all(Array.from({ length: 50 }, () => model.current()));
    expect(new Set(snapshots).size).toBe(1);
    expect(seen.queries).toBe(1);
    for (let i = 0; i < 100; i += 1) await model.current();
    expect(seen.queries).toBe(1);

    // A notification without a change: one version check, the same snapshot.
    seen.handlers?.onNotify();
    expect(await model.current()).toBe(snapshots[0]);
    expect(seen.queries).toBe(2);

    await testDb.db.query('UPDATE products SET price = 1 WHERE id = $1', [productId]);
    seen.handlers?.onNotify();
    const changed = await model.current();
    expect(changed).not.toBe(snapshots[0]);
    expect(changed.findProduct(productId)?.price).toBe(1);
    await model.stop();
  });

  it('while notifications may be missed, checks the version on every read', async () => {
    const { db, seen } = observed(testDb.db);
    const model = new CatalogReadModel(db);
    await model.start();
    const first = await model.current();
    seen.handlers?.onLive?.(false);
    const queries = seen.queries;
    expect(await model.current()).toBe(first);
    expect(await model.current()).toBe(first);
    expect(seen.queries).toBe(queries + 2);

    // A change nobody was told about is still seen.
    await testDb.db.query("UPDATE products SET name = 'Sessiz' WHERE id = $1", [productId]);
    expect((await model.current()).findProduct(productId)?.name).toBe('Sessiz');

    seen.handlers?.onLive?.(true);
    await model.current();
    const settled = seen.queries;
    await model.current();
    expect(seen.queries).toBe(settled);
    await model.stop();
  });

  it('a change notified while a load is running is not lost', async () => {
    const { db, seen } = observed(testDb.db);
    const model = new CatalogReadModel(db);
    await model.start();
    const loading = model.current();
    await testDb.db.query("UPDATE products SET name = 'Geç' WHERE id = $1", [productId]);
    seen.handlers?.onNotify();
    await loading;
    expect((await model.current()).findProduct(productId)?.name).toBe('Geç');
    await model.stop();
  });
});
