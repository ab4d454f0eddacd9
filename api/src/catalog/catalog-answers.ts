import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { addressMatcher, clientKey } from '../http/client-key';
import { HttpError } from '../http/http-error';
import { type PreparedAnswer, sendPreparedSoon } from '@shop/core/node/prepared-answer';
import type { Catalog } from './catalog';
import type { Made } from './catalog-cache';
import { CatalogWork } from './catalog-work';

/**
 * Catalogue answers may be reused by the browser for a minute without asking; after that a
 * revalidation with the ETag costs a 304 (docs/performance.md). Orders are priced by the server
 * from its own catalogue (D19), so a minute-old price on screen can never be charged.
 */
export const CATALOG_CACHE_CONTROL = 'public, max-age=60';

/** An answer that is a 404: kept like any other. */
export class NotFound {
  constructor(readonly message: string) {}
}
export const NOT_FOUND = new NotFound('Product not found');

/** Sends the catalogue answer kept under `key`, making it first when nothing is kept (see catalogAnswers). */
export type SendAnswer = (
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  make: () => Promise<Made<PreparedAnswer | NotFound>>,
  cacheControl?: string,
) => Promise<void> | undefined;

/** One sender per catalogue: every catalogue route of a process shares its work's turns, pace and budget. */
const senders = new WeakMap<Catalog, SendAnswer>();

/**
 * How the catalogue routes answer (catalog-routes.ts, related-routes.ts): from the catalogue's
 * cache, and what no kept answer covers made in turns and counted against the client's budget
 * (CatalogWork, issue 34), one CatalogWork for all of them.
 */
export function catalogAnswers(app: FastifyInstance): SendAnswer {
  const { catalog } = app;
  const known = senders.get(catalog);
  if (known) return known;
  const work = new CatalogWork({
    throttle: app.throttle,
    perClient: app.config.rateLimits.catalogPerClient,
    perSecond: app.config.rateLimits.catalogPerSecond,
    burst: app.config.rateLimits.catalogPerSecond * 2,
  });
  // A trusted proxy's own reads (the storefront tier renders for every shopper, D22) are not one client's.
  const isTrustedProxy = addressMatcher(app.config.trustProxy);

  /**
   * Sends the answer kept under `key`: at once when it is kept (the usual case: no promise, no
   * database), else once made. A missing product or picture is kept too (as its 404), so a
   * product added later is seen: its notification drops it. An answer nobody is making yet is
   * made on the client's turn and counted against its budget (CatalogWork: 429 once spent). The
   * handler returns nothing once the answer is sent (a returned reply would be awaited as a thenable).
   */
  const sendAnswer: SendAnswer = (request, reply, key, make, cacheControl = CATALOG_CACHE_CONTROL) => {
    const send = (answer: PreparedAnswer | NotFound) => {
      if (answer instanceof NotFound) throw new HttpError(404, answer.message);
      return sendPreparedSoon(request, reply, answer, cacheControl);
    };
    const kept = catalog.cache.get<PreparedAnswer | NotFound>(key);
    if (kept) return send(kept);
    if (catalog.cache.isMaking(key)) return catalog.cache.remember(key, make).then(send);
    return work
      .run(isTrustedProxy(request.ip) ? undefined : clientKey(request.ip), {
        make: () => catalog.cache.remember(key, make),
        kept: () => catalog.cache.get<PreparedAnswer | NotFound>(key),
        abandoned: () => request.raw.socket?.destroyed === true,
      })
      .then(send);
  };
  senders.set(catalog, sendAnswer);
  return sendAnswer;
}

/** What is kept of records: the answer made of them, costing its bytes (and a compressed copy or two). */
export function preparedFrom<T>(records: Made<T>, prepare: (value: T) => PreparedAnswer | NotFound): Made<PreparedAnswer | NotFound> {
  const answer = prepare(records.value);
  return {
    value: answer,
    scope: records.scope,
    bytes: answer instanceof NotFound ? 64 : answer.body.length * 2,
    ...(records.softScope === undefined ? {} : { softScope: records.softScope }),
    ...(records.refreshWithinMs === undefined ? {} : { refreshWithinMs: records.refreshWithinMs }),
    ...(records.follow === undefined ? {} : { follow: followPrepared(records.follow, prepare) }),
  };
}

/** How an answer follows changes: its records do, and it is prepared again from them. */
function followPrepared<T>(
  follow: NonNullable<Made<T>['follow']>,
  prepare: (value: T) => PreparedAnswer | NotFound,
): NonNullable<Made<PreparedAnswer | NotFound>['follow']> {
  return async (changes) => {
    const next = await follow(changes);
    return next && preparedFrom(next, prepare);
  };
}
