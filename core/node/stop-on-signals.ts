import type { FastifyBaseLogger } from 'fastify';

/** A hung close must not keep the process forever: this long after any grace period. */
const CLOSE_DEADLINE_MS = 10_000;

/**
 * On SIGINT or SIGTERM (once): logs it, runs `close`, then exits (0 when it closed, 1 when it
 * failed or did not finish within `graceMs` plus CLOSE_DEADLINE_MS).
 */
export function stopOnSignals(close: () => Promise<unknown>, log: FastifyBaseLogger, graceMs = 0): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: shutting down`);
    const timer = setTimeout(() => process.exit(1), graceMs + CLOSE_DEADLINE_MS);
    timer.unref();
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
