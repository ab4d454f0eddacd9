import { messages } from '../texts/messages';
import type { Outcome } from '@shop/core/domain/outcome';

/** A fetched value as a screen shows it: loading text, error text, or the data. */
export type LoadState<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'loaded'; data: T };

/** Waits for a gateway call and folds its outcome into a LoadState (SPEC 8 prefixes the message per screen). */
export async function settle<T, R extends string = never>(call: Promise<Outcome<T, R>>): Promise<LoadState<T>> {
  const outcome = await call;
  return outcome.ok
    ? { status: 'loaded', data: outcome.data }
    : { status: 'error', message: outcome.message ?? messages.errors.requestFailed };
}
