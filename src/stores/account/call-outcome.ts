import type { Result } from '../../domain/result';

/**
 * SPEC section 8 tells three endings apart: success, a refusal by the server ("failure", with its
 * message) and an "exception". The HTTP layer answers a network failure as status 500, so any
 * status of 500 or more counts as the exception case, like a thrown call.
 */
export type CallOutcome =
  | { kind: 'success'; status: number; message?: string }
  | { kind: 'failure'; status: number; message?: string }
  | { kind: 'exception'; message?: string };

export async function callOutcome<T>(call: () => Promise<Result<T>>): Promise<CallOutcome> {
  let result: Result<T>;
  try {
    result = await call();
  } catch (error) {
    return error instanceof Error ? { kind: 'exception', message: error.message } : { kind: 'exception' };
  }
  const message = result.message?.trim() ? result.message : undefined;
  const kind = result.ok ? 'success' : result.status >= 500 ? 'exception' : 'failure';
  if (kind === 'exception') return message === undefined ? { kind } : { kind, message };
  return message === undefined ? { kind, status: result.status } : { kind, status: result.status, message };
}
