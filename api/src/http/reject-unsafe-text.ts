import type { FastifyInstance } from 'fastify';
import { HttpError } from './http-error';

/**
 * NUL, or a UTF-16 surrogate without its partner. PostgreSQL refuses NUL in text and jsonb (a
 * 500), refuses an escaped lone surrogate in jsonb (a 500), and the drivers' UTF-8 encoding turns
 * a lone surrogate in text into U+FFFD (silently altered data). Neither is ever meaningful input.
 */
// eslint-disable-next-line no-control-regex -- NUL is one of the characters this refuses.
const UNSAFE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * True when a string, or any string or object key inside an array or object, holds unsafe text.
 * Iterative, so a JSON body nested hundreds of thousands deep cannot overflow the call stack.
 */
export function hasUnsafeText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (UNSAFE_TEXT.test(next)) return true;
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item);
    } else if (next !== null && typeof next === 'object') {
      for (const [key, item] of Object.entries(next)) {
        if (UNSAFE_TEXT.test(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/**
 * Every route, once: the parsed body, path parameters and query are checked before any handler
 * (and its schema) sees them, and unsafe text answers 400 `{ success: false, message }`.
 * Register it before the routes, so they inherit the hook.
 */
/** Frozen values (remembered request bodies, http/repeated-bodies.ts) found safe once. */
const knownSafe = new WeakSet<object>();

function unsafe(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || !Object.isFrozen(value)) return hasUnsafeText(value);
  if (knownSafe.has(value)) return false;
  if (hasUnsafeText(value)) return true;
  knownSafe.add(value);
  return false;
}

export function rejectUnsafeText(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request, and a promise per request costs.
  app.addHook('preValidation', (request, _reply, done) => {
    const parts = { body: request.body, params: request.params, query: request.query };
    for (const [part, value] of Object.entries(parts)) {
      if (unsafe(value)) {
        done(new HttpError(400, `Invalid request. ${part}: text must not contain NUL characters or unpaired surrogates.`));
        return;
      }
    }
    done();
  });
}
