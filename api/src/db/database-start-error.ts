import { errorCode, StartError } from '@shop/core/node/listen-error';
import { withoutPassword } from '@shop/core/node/plaintext-rule';

const DATABASE_FAILURES: Record<string, string> = {
  ECONNREFUSED: 'connection refused (is PostgreSQL running there, on that port?)',
  ENOTFOUND: 'no such host',
  EAI_AGAIN: 'the host name could not be resolved',
  ETIMEDOUT: 'no answer (a firewall, or the wrong host?)',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  ECONNRESET: 'the connection was closed (does it expect TLS, sslmode?)',
  '28P01': 'password authentication failed (check the user and password)',
  '28000': 'this user may not connect (pg_hba.conf, or the user name)',
  '3D000': 'the database does not exist (create it, or fix its name)',
};

/**
 * A failure to reach PostgreSQL at start, with the setting to fix and the URL without its
 * password; other errors (a failed migration) pass unchanged.
 */
export function databaseStartError(error: unknown, databaseUrl: string): unknown {
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : '';
  const reason =
    (code && DATABASE_FAILURES[code]) ??
    (/timeout/i.test(message) ? 'no answer in time (a firewall, or the wrong host?)' : undefined) ??
    (/SSL|TLS|certificate/i.test(message) ? `TLS failed: ${message} (check sslmode)` : undefined);
  if (reason === undefined) return error;
  return new StartError(`cannot reach the database at DATABASE_URL=${withoutPassword(databaseUrl)}: ${reason}`, { cause: error });
}
