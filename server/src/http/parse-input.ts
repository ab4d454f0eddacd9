import type { z } from 'zod';
import { HttpError } from './http-error';

/**
 * Validates a request part (body, params, headers, query) against its schema, or throws a 400
 * naming the first offending field. Handlers only ever see parsed, typed input.
 */
export function parseInput<Schema extends z.ZodType>(schema: Schema, value: unknown): z.infer<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw new HttpError(400, `Invalid request. ${where}${issue?.message ?? 'Malformed input.'}`);
}
