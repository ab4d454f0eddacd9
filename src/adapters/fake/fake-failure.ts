import { messages } from '../../domain/messages';
import type { Result } from '../../domain/result';
import type { FakeDelay } from './fake-delay';

/**
 * How a fake gateway misbehaves, for stories and tests of error states:
 * - `{ status, message }`: every call answers that non-2xx result;
 * - `'network'`: every call answers what the HTTP layer gives on a network failure (SPEC 8:
 *   status 500, 'Network error');
 * - `'throw'`: every call rejects (the "exception" branches of SPEC 8).
 */
export type FakeFailure = { status: number; message?: string } | 'network' | 'throw';

/** The answer a failing fake gives instead of doing the call. */
export function failureResult(failure: FakeFailure): Promise<Result<never>> {
  if (failure === 'throw') return Promise.reject(new Error(messages.errors.network));
  if (failure === 'network') return Promise.resolve({ ok: false, status: 500, message: messages.errors.network });
  return Promise.resolve(
    failure.message === undefined ? { ok: false, status: failure.status } : { ok: false, status: failure.status, message: failure.message },
  );
}

export interface FakeGatewayOptions {
  /** Awaited before every answer (see fake-delay.ts). */
  delay?: FakeDelay;
  /** Every call fails this way. */
  failWith?: FakeFailure;
}

/** Latency and a failure mode a story or test can switch at any time, shared by the account fakes. */
export abstract class SwitchableFake {
  /** Change at any time: a story or test switches the fake into a failure mode. */
  failWith: FakeFailure | undefined;

  constructor(private readonly fakeOptions: FakeGatewayOptions = {}) {
    this.failWith = fakeOptions.failWith;
  }

  protected async answer<T>(work: () => Result<T>): Promise<Result<T>> {
    await this.fakeOptions.delay?.();
    if (this.failWith) return failureResult(this.failWith);
    return work();
  }
}
