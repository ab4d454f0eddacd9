import type { z } from 'zod/mini';
import type { Outcome } from '@shop/core/domain/outcome';
import { type HttpResponse, serverMessage } from './http-client';

export const UNEXPECTED_RESPONSE = 'Unexpected response from server';

/** Statuses a call reads as a reason of its own, e.g. the guest verification mail's 400 and 409. */
export type Reasons<R extends string> = Partial<Record<number, R>>;

/**
 * The one fold from an HTTP answer to the domain Outcome, under the real gateways and the fakes
 * alike:
 * - a status of 500 or more: unavailable, SPEC 8's "exception" (the HTTP client reads no answer
 *   at all as status 500 'Network error');
 * - a 401 the authenticated client handled: unauthorised (the session has ended);
 * - any other status outside 2xx, or a 2xx body saying `success: false`: rejected, with the
 *   server's message (undefined when it sent none, so the screen shows its fallback text) and
 *   the call's reason for that status;
 * - a 2xx body the call's wire schema does not match: rejected, never a crash;
 * - else ok: the body parsed and mapped to domain terms, with the server's message.
 */
export function toOutcome<D>(response: HttpResponse, schema: z.ZodMiniType<D>): Outcome<D>;
export function toOutcome<D, T>(response: HttpResponse, schema: z.ZodMiniType<D>, map: (data: D) => T): Outcome<T>;
export function toOutcome<D, T, R extends string>(
  response: HttpResponse,
  schema: z.ZodMiniType<D>,
  map: (data: D) => T,
  reasons: Reasons<R>,
): Outcome<T, R>;
export function toOutcome<D, T, R extends string>(
  response: HttpResponse,
  schema: z.ZodMiniType<D>,
  map?: (data: D) => T,
  reasons: Reasons<R> = {},
): Outcome<T | D, R> {
  const { status, body } = response;
  // A blank message is no message: the screen then shows its own text.
  const said = response.error ?? serverMessage(body);
  const message = said?.trim() ? said : undefined;
  if (status >= 500) return { ok: false, kind: 'unavailable', message };
  if (response.unauthorised) return { ok: false, kind: 'unauthorised', message };
  if (!response.ok || saysFailure(body)) return { ok: false, kind: 'rejected', message, reason: reasons[status] };
  const parsed = schema.safeParse(body);
  if (!parsed.success) return { ok: false, kind: 'rejected', message: UNEXPECTED_RESPONSE };
  return { ok: true, data: map ? map(parsed.data) : parsed.data, message };
}

function saysFailure(body: unknown): boolean {
  return body !== null && typeof body === 'object' && (body as { success?: unknown }).success === false;
}
