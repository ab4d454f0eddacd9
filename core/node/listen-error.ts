import { createServer } from 'node:net';

/** A start that failed on a setting: its message names the setting to fix. */
export class StartError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StartError';
  }
}

/** The system or PostgreSQL error code of a failure (of its first attempt, when several failed). */
export function errorCode(error: unknown): string | undefined {
  const { code, errors } = (error ?? {}) as { code?: unknown; errors?: unknown[] };
  if (typeof code === 'string') return code;
  // A host with several addresses (localhost: ::1 and 127.0.0.1) fails with an AggregateError.
  return Array.isArray(errors) && errors.length > 0 ? errorCode(errors[0]) : undefined;
}

/** Why listening on HOST:PORT failed, in terms of those two settings. */
export function listenError(error: Error, host: string, port: number): Error {
  switch (errorCode(error)) {
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
