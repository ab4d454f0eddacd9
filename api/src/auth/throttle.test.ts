import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../testing/test-db';
import { systemClock } from '../time/server-clock';
import { Throttle } from './throttle';

let testDb: TestDb;
beforeAll(async () => {
  testDb = await openTestDb();
});
afterAll(async () => {
  await testDb.close();
});

describe('Throttle', () => {
  it("reset empties one subject's window, clear every window of every bucket", async () => {
    const throttle = new Throttle(testDb.db, systemClock, 60_000);
    for (const [bucket, subject] of [
      ['login', 'a@example.com'],
      ['login', 'b@example.com'],
      ['orders', 'user-1'],
    ] as const) {
      await throttle.hit(bucket, subject);
      await throttle.hit(bucket, subject);
    }

    await throttle.reset('login', 'a@example.com');
    expect(await throttle.count('login', 'a@example.com')).toBe(0);
    expect(await throttle.count('login', 'b@example.com')).toBe(2);

    await throttle.clear();
    expect(await throttle.count('login', 'b@example.com')).toBe(0);
    expect(await throttle.count('orders', 'user-1')).toBe(0);
    expect(await throttle.hit('orders', 'user-1')).toBe(1);
  });
});
