/**
 * Whether an error means the database is away for now (restarting, unreachable, a connection
 * cut), as opposed to a fault in the request or the code: the request may be tried again soon.
 * PostgreSQL's SQLSTATE classes 08 (connection exception) and 57P (operator intervention:
 * shutdown, crash, "cannot connect now"), 53300 (too many connections), the network's refusals
 * and resets, and the pg driver's own words for a connection it lost or could not get in time.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: unknown }).code;
  if (typeof code === 'string') {
    if (code.startsWith('08') || code.startsWith('57P') || code === '53300') return true;
    if (NETWORK_CODES.has(code)) return true;
  }
  return DRIVER_WORDS.some((words) => error.message.includes(words));
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

const DRIVER_WORDS = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection terminated unexpectedly',
];

/** What a client is told while the database is away (SPEC's error shape), and when to try again. */
export const UNAVAILABLE_MESSAGE = 'The shop is briefly unavailable. Please try again in a moment.';
export const RETRY_AFTER_SECONDS = 5;
