import type { FastifyRequest } from 'fastify';

/**
 * Route preValidation hook: a request without a body is read as `{}`. Fastify hands a missing
 * body to the validator as `null`, so without this a bodiless call and a JSON `null` (bad input,
 * a 400) would look the same to the schema.
 */
export async function missingBodyAsEmpty(request: FastifyRequest): Promise<void> {
  if (request.body === undefined) request.body = {};
}
