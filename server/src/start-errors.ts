import { createServer } from 'node:net';
import { withoutPassword } from './config-checks';

/** A start that failed on a setting: its message names the setting to fix. */
export class StartError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StartError';
  }
}

function codeOf(error: unknown): string | undefined {
  const { code, errors } = (error ?? {}) as { code?: unknown; errors?: unknown[] };
  if (typeof code === 'string') return code;
  // A host with several addresses (localhost: ::1 and 127.0.0.1) fails with an AggregateError.
  return Array.isArray(errors) && errors.length > 0 ? codeOf(errors[0]) : undefined;
}

/** Why listening on HOST:PORT failed, in terms of those two settings. */
export function listenError(error: Error, host: string, port: number): Error {
  switch (codeOf(error)) {
    case 'EADDRINUSE':
      return new StartError(`port ${port} is in use (on ${host}): another server runs there; stop it, or set PORT to a free port`, {
        cause: error,
      });
    case 'EACCES':
      return new StartError(`port ${port} needs privileges this user lacks: set PORT to 1024 or above`, { cause: error });
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new StartError(`HOST=${host} is no address of this machine: set HOST to one of its addresses (127.0.0.1, 0.0.0.0)`, {
        cause: error,
      });
    default:
      return error;
  }
}

/**
 * Binds HOST:PORT for a moment and lets go: a second start on a busy port fails here, before it
 * opens, migrates or seeds a database that the running server holds. PORT=0 is always free.
 */
export function ensurePortFree(host: string, port: number): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error) => reject(listenError(error, host, port)));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}

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
  const code = codeOf(error);
  const message = error instanceof Error ? error.message : '';
  const reason =
    (code && DATABASE_FAILURES[code]) ??
    (/timeout/i.test(message) ? 'no answer in time (a firewall, or the wrong host?)' : undefined) ??
    (/SSL|TLS|certificate/i.test(message) ? `TLS failed: ${message} (check sslmode)` : undefined);
  if (reason === undefined) return error;
  return new StartError(`cannot reach the database at DATABASE_URL=${withoutPassword(databaseUrl)}: ${reason}`, { cause: error });
}
