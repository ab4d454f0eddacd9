import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

/** What Fastify itself puts on the probe's answer, as opposed to helmet. */
const NOT_HELMETS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

type Headers = Record<string, string>;

export interface SecurityHeaderSets {
  /** The shop's page, its files and everything else a browser may open as a document. */
  documents: FastifyHelmetOptions;
  /**
   * The API's JSON answers (`/api/`). A browser never renders them, so the headers that only
   * a document uses (its script and style policy, opener and agent-cluster isolation, DNS
   * prefetching, old IE's download and XSS switches) are left off; what protects data still
   * applies (OWASP's REST security headers: no sniffing, no framing, no referrer, who may read
   * it cross-origin, HSTS).
   */
  api: FastifyHelmetOptions;
}

/** The headers helmet sets for `options`, read off one probe answer. */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Headers> {
  const probe = Fastify();
  await probe.register(helmet, options);
  probe.get('/', async () => '');
  const answer = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers = Object.fromEntries(
    Object.entries(answer.headers).filter(
      (entry): entry is [string, string] => !NOT_HELMETS.has(entry[0].toLowerCase()) && typeof entry[1] === 'string',
    ),
  );
  if (!headers['content-security-policy']) throw new Error('helmet set no Content-Security-Policy');
  return headers;
}

/**
 * Helmet's security headers on every answer. They depend only on the configuration, yet
 * @fastify/helmet builds them again for each request (it parses the whole CSP each time, about a
 * tenth of a catalogue answer's cost). So helmet answers one probe request per set at start,
 * and its headers are copied onto every answer from then on: the same values, computed once.
 * Add it to the root instance, before any route; a route may still override one (the product
 * pictures' CSP).
 */
export async function addSecurityHeaders(app: FastifyInstance, sets: SecurityHeaderSets): Promise<void> {
  const documents = await helmetHeaders(sets.documents);
  const api = await helmetHeaders(sets.api);
  const headersFor = (url: string): Headers => (url.startsWith('/api/') ? api : documents);
  HEADERS_BY_APP.set(app, headersFor);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headersFor(request.url));
    // Whatever answers it (a route, a hook, the 404): account answers are kept by no cache.
    if (isAccountUrl(request.url)) reply.header('cache-control', 'no-store');
    done();
  });
}

/** Each app's header sets, for the answers its hooks never see (setRouterErrorHeaders). */
const HEADERS_BY_APP = new WeakMap<FastifyInstance, (url: string) => Headers>();

/** `/api/users` and everything under it: tokens, profile data and their errors (docs/security.md). */
export function isAccountUrl(url: string): boolean {
  return /^\/api\/users(?:[/?]|$)/.test(url);
}

/**
 * For Fastify's `frameworkErrors`: the router answers a bad URL encoding or an over-long path
 * parameter before any hook runs (onRequest and onSend alike), so such a 400 or 414 would go out
 * without the security headers. They are set here, with `no-store`: nothing in such an answer
 * is worth keeping, and under `/api/users` nothing may be kept.
 */
export function setRouterErrorHeaders(request: FastifyRequest, reply: FastifyReply): void {
  const headersFor = HEADERS_BY_APP.get(request.server);
  if (headersFor) reply.headers(headersFor(request.url));
  reply.header('cache-control', 'no-store');
}
