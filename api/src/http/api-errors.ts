import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError, type DomainErrorReason } from '../domain-error';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from '../db/unavailable';
import { HttpError } from './http-error';

/** SPEC's error shape: every 4xx/5xx answer of the API. */
export const apiError = z.object({ success: z.literal(false), message: z.string() });

/** Response schemas for the error statuses a route documents, e.g. `...errorResponses(400, 401)`. */
export function errorResponses<Status extends number>(...statuses: Status[]): Record<Status, typeof apiError> {
  return Object.fromEntries(statuses.map((status) => [status, apiError])) as Record<Status, typeof apiError>;
}

/** The HTTP edge's one mapping of domain refusals to statuses. */
const STATUS_OF: Record<DomainErrorReason, number> = {
  unauthenticated: 401,
  'refresh-refused': 401,
  throttled: 429,
  'not-found': 404,
  'limit-reached': 400,
  invalid: 400,
  conflict: 409,
  'key-reused': 422,
};

/** The app's error handler: every failure answers `{ success: false, message }`. */
export function sendApiError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof DomainError) {
    if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
    return answer(reply, STATUS_OF[error.reason], error.message);
  }
  if (error instanceof HttpError) return answer(reply, error.statusCode, error.message);
  if (hasZodFastifySchemaValidationErrors(error)) {
    // The first offending field, as `Invalid request. <path>: <problem>`.
    const [issue] = error.validation;
    const where = (issue?.instancePath ?? '').split('/').filter(Boolean).join('.');
    return answer(reply, 400, `Invalid request. ${where ? `${where}: ` : ''}${issue?.message ?? 'Malformed input.'}`);
  }
  if (error instanceof ResponseSerializationError) {
    request.log.error({ err: error }, 'response does not match its schema');
    return answer(reply, 500, 'Internal server error.');
  }
  if (isDatabaseUnavailable(error)) {
    // The database is restarting or unreachable (D23): a 503 to try again, not a 500 to report.
    request.log.warn({ err: error }, 'database unavailable');
    reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    return answer(reply, 503, UNAVAILABLE_MESSAGE);
  }
  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) return answer(reply, status, clientErrorMessage(status, error));
  request.log.error({ err: error }, 'request failed');
  return answer(reply, 500, 'Internal server error.');
}

function answer(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).send({ success: false, message });
}

function clientErrorMessage(status: number, error: Error & { code?: string }): string {
  if (status === 413) return 'Request body is too large.';
  if (status === 415) return 'Unsupported content type. Send application/json.';
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) return 'Malformed JSON body.';
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'The JSON body is empty.';
  return error.message || 'Bad request.';
}
