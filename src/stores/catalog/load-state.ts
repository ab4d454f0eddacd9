import type { Result } from '../../domain/result';

/** A fetched value as a screen shows it: loading text, error text, or the data. */
export type LoadState<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'loaded'; data: T };

/** The message of a failed call: the server's, else the status (SPEC 8 prefixes it per screen). */
export function failureMessage(result: Extract<Result<unknown>, { ok: false }>): string {
  return result.message ?? `HTTP ${result.status}`;
}

/** A rejected call (the fakes' 'throw' mode, a bug in an adapter) still ends in an error state. */
export function thrownMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Runs a gateway call and folds every outcome into a LoadState. */
export async function settle<T>(call: () => Promise<Result<T>>): Promise<LoadState<T>> {
  try {
    const result = await call();
    return result.ok ? { status: 'loaded', data: result.data } : { status: 'error', message: failureMessage(result) };
  } catch (error) {
    return { status: 'error', message: thrownMessage(error) };
  }
}
