import { describe, expect, it } from 'vitest';
import { databaseStartError } from './database-start-error';

const URL_WITH_PASSWORD = 'postgres://shop:pw-secret@db.internal:5432/shop?sslmode=verify-full';

function failure(code: string, message = 'failed'): Error {
  return Object.assign(new Error(message), { code });
}

describe('databaseStartError', () => {
  it('names DATABASE_URL without its password, and the reason in words', () => {
    for (const [error, reason] of [
      [failure('ECONNREFUSED'), 'connection refused'],
      [failure('ENOTFOUND'), 'no such host'],
      [failure('28P01'), 'password authentication failed (check the user and password)'],
      [failure('3D000'), 'the database does not exist'],
      [new Error('Connection terminated due to connection timeout'), 'no answer in time'],
      [new Error('The server does not support SSL connections'), 'TLS failed: The server does not support SSL connections (check sslmode)'],
      // localhost: both of its addresses refused.
      [new AggregateError([failure('ECONNREFUSED'), failure('ECONNREFUSED')]), 'connection refused'],
    ] as const) {
      const message = (databaseStartError(error, URL_WITH_PASSWORD) as Error).message;
      expect(message).toContain(
        'cannot reach the database at DATABASE_URL=postgres://shop:***@db.internal:5432/shop?sslmode=verify-full: ',
      );
      expect(message).toContain(reason);
      expect(message).not.toContain('pw-secret');
    }
  });

  it('passes other failures (a migration that fails) unchanged', () => {
    const error = failure('42601', 'syntax error at or near "CREATE"');
    expect(databaseStartError(error, URL_WITH_PASSWORD)).toBe(error);
  });
});
