import type { z } from 'zod/mini';
import type { Result } from '../../domain/result';
import { type HttpResponse, serverMessage } from './http-client';

export const UNEXPECTED_RESPONSE = 'Unexpected response from server';

/**
 * Maps an answer to the domain `Result`: a 2xx body is parsed with the call's wire schema and
 * mapped to domain terms; a body that does not match is a failure (status kept), never a crash.
 * A 2xx body saying `success: false` is a failure too. Otherwise the failure carries the error
 * of the basic client or the server's own message (undefined when it sent none, so the caller
 * shows its fallback text).
 */
export function toResult<D>(response: HttpResponse, schema: z.ZodMiniType<D>): Result<D>;
export function toResult<D, T>(response: HttpResponse, schema: z.ZodMiniType<D>, map: (data: D) => T): Result<T>;
export function toResult<D, T>(response: HttpResponse, schema: z.ZodMiniType<D>, map?: (data: D) => T): Result<T | D> {
  const { status, body } = response;
  const message = serverMessage(body);
  if (!response.ok) {
    return { ok: false, status, message: response.error ?? message };
  }
  if (body !== null && typeof body === 'object' && (body as { success?: unknown }).success === false) {
    return { ok: false, status, message };
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) return { ok: false, status, message: UNEXPECTED_RESPONSE };
  const data = map ? map(parsed.data) : parsed.data;
  return message === undefined ? { ok: true, status, data } : { ok: true, status, data, message };
}
