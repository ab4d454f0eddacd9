import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { LRUCache } from 'lru-cache';

/** Bodies up to this size are remembered; larger ones are parsed and checked each time. */
const MAX_REMEMBERED_BYTES = 16 * 1024;
/**
 * How many distinct bodies are remembered (about MAX_REMEMBERED_BYTES each at most), the least
 * recently used dropped first: the bound on a cache whose keys the clients choose.
 */
export const MAX_REMEMBERED_BODIES = 256;

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

/**
 * For the routes of one scope whose clients send the same JSON bodies again and again (the
 * catalogue's filters: every shopper on a category sends the same list of category ids): a body
 * seen before is not parsed again but answered with the same frozen value, and its validation
 * result is kept with it (`rememberValidation`), so a repeated body costs a lookup, not a parse
 * of a few kilobytes and a check of every element. Parsing is Fastify's own JSON parser (with its
 * prototype-poisoning guards); what is refused is refused again each time, never remembered.
 */
export function rememberRepeatedJsonBodies(scope: FastifyInstance): void {
  const parse = scope.getDefaultJsonParser('error', 'error');
  const parsed = new LRUCache<string, object>({ max: MAX_REMEMBERED_BODIES });
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    const known = text.length <= MAX_REMEMBERED_BYTES ? parsed.get(text) : undefined;
    if (known !== undefined) {
      done(null, known);
      return;
    }
    // Fastify's JSON parser answers through the callback, synchronously.
    void parse(request, text, (error, value) => {
      if (error) {
        done(error, undefined);
        return;
      }
      if (text.length <= MAX_REMEMBERED_BYTES && value !== null && typeof value === 'object') parsed.set(text, deepFreeze(value as object));
      done(null, value);
    });
  });
}

/**
 * A route's `validatorCompiler` that keeps each validation result with the (frozen, remembered)
 * body it was made for: the same body object, the same result, without validating again.
 */
export function rememberValidation<Schema>(compile: FastifySchemaCompiler<Schema>): FastifySchemaCompiler<unknown> {
  return (route) => {
    // The route's schema is the one `compile` is made for (set per route, like the app's own compiler).
    const validate = compile(route as FastifyRouteSchemaDef<Schema>);
    const results = new WeakMap<object, ReturnType<typeof validate>>();
    return (data: unknown) => {
      if (data === null || typeof data !== 'object' || !Object.isFrozen(data)) return validate(data);
      let result = results.get(data);
      if (result === undefined) {
        result = validate(data);
        if (result && typeof result === 'object' && 'value' in result) deepFreeze(result.value);
        results.set(data, result);
      }
      return result;
    };
  };
}
