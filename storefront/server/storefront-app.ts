import proxy from '@fastify/http-proxy';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { addSecurityHeaders } from '@shop/core/node/security-headers';
import { logEachRequest, loggerOptions, prettyLogs } from '@shop/core/node/logger-options';
import { ApiCache } from './api-cache';
import type { StorefrontConfig } from './config';
import { pagePolicy } from '@shop/core/node/page-policy';
import { loadBuiltEntry, type PageApi, readPageShell, type ShopEntry } from '@shop/core/node/page-shell';
import { CRAWLER_FILES, isPageRequest, staticShop } from '@shop/core/node/static-shop';
import { storefrontPages } from './storefront-pages';

export interface StorefrontDeps {
  config: StorefrontConfig;
  /** The server entry; by default the one built beside the shop (`STATIC_DIR/.ssr`). */
  entry?: ShopEntry;
  /** How this server reaches the API (tests count or delay the calls). */
  fetch?: typeof fetch;
  /** Where log lines go; stdout by default. */
  logStream?: NodeJS.WritableStream;
}

/** What the browser reads when the API cannot be reached through this server (SPEC 8's `{ success, message }`). */
export const API_UNREACHABLE = 'The shop cannot be reached just now. Please try again in a moment.';

/** How long a call the browser makes through this server may wait for the API. */
const FORWARDED_TIMEOUT_MS = 30_000;

/** The paths crawlers read (D25), forwarded to the API always: `/robots.txt`, `/sitemap.xml` and the sitemap's pages. */
const CRAWLER_PATHS = [...CRAWLER_FILES.map((file) => `/${file}`), '/sitemap'] as const;

/** The paths the browser calls the API on (SPEC 7, D10, D12), forwarded when the browser calls this server. */
const API_PREFIXES = ['/api', '/images', '/socket.io'] as const;

/**
 * The storefront tier (D22): the built shop and its pages, rendered on the server through the
 * API's HTTP with the same gateways the browser uses, in front of any API that honours the
 * contracts. It keeps no state but caches, so any number can stand behind a load balancer or a
 * CDN (docs/deployment.md). The browser calls the API directly (`API_PUBLIC_URL`), or through
 * this server, which then forwards the API's paths, socket.io's WebSocket included.
 */
export async function buildStorefront(deps: StorefrontDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const logTarget = { isTty: process.stdout.isTTY === true, ...(deps.logStream ? { stream: deps.logStream } : {}) };
  const app = Fastify({
    // Pages are GETs; the API's bodies are forwarded as streams, whatever their size (the API limits them).
    bodyLimit: 64 * 1024,
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    logger: loggerOptions(config, logTarget),
    logController: new LogController({ disableRequestLogging: true }),
  });
  logEachRequest(app, prettyLogs(config, logTarget));

  const api: PageApi = config.apiPublicUrl === undefined ? 'same-origin' : new URL(config.apiPublicUrl);
  const shell = readPageShell(config.staticDir, api);
  if (!shell) throw new Error(`No built shop in ${config.staticDir}: run \`npm run build\` first.`);
  const entry = deps.entry ?? (await loadBuiltEntry(config.staticDir));
  if (!entry) app.log.warn(`No server renderer in ${config.staticDir}/.ssr: every page is rendered in the browser.`);
  // The pictures' addresses in a rendered page are the browser's: this origin, or the API's own.
  const publicBase = config.apiPublicUrl ?? '';
  const cache = new ApiCache({
    apiUrl: config.apiUrl,
    publicBase,
    timeoutMs: config.apiTimeoutMs,
    maxBytes: config.apiCacheBytes,
    ...(config.apiMaxFreshMs === undefined ? {} : { maxFreshMs: config.apiMaxFreshMs }),
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  });
  const sendPage = storefrontPages({
    shell,
    entry,
    api: cache,
    publicBase,
    publicUrl: config.publicUrl,
    deadlineMs: config.renderDeadlineMs,
    maxBytes: config.pageCacheBytes,
    log: app.log,
  });

  const apiOrigins = api === 'same-origin' ? [] : [api.origin, api.origin.replace(/^http/, 'ws')];
  await addSecurityHeaders(app, {
    documents: {
      // 'self' covers this origin's WebSocket (CSP 3) when socket.io is forwarded.
      contentSecurityPolicy: pagePolicy(shell.html, { images: apiOrigins.slice(0, 1), connect: apiOrigins }),
      referrerPolicy: { policy: 'no-referrer' },
      crossOriginResourcePolicy: { policy: 'same-site' },
      strictTransportSecurity: false,
    },
    // The forwarded API's answers keep the API's own headers; these apply to this server's own 404s.
    api: {
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
      xFrameOptions: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
      strictTransportSecurity: false,
    },
  });

  const upstream = new URL(config.apiUrl);
  const basePath = upstream.pathname.replace(/\/+$/, '');
  const forward = (prefix: string) =>
    app.register(proxy, {
      upstream: upstream.origin,
      prefix,
      rewritePrefix: `${basePath}${prefix}`,
      websocket: prefix === '/socket.io',
      // A forwarded call (a sign-in hashes a password, an order is placed) may take longer than a catalogue read; never forever.
      undici: { headersTimeout: FORWARDED_TIMEOUT_MS, bodyTimeout: FORWARDED_TIMEOUT_MS },
      replyOptions: {
        // The API unreachable or too slow: a 503 to try again shortly, never a 500 or a hang.
        onError: (reply, { error }) => {
          reply.log.warn({ err: error }, 'the API could not be reached');
          void reply.code(503).header('retry-after', '5').send({ success: false, message: API_UNREACHABLE });
        },
        // The API sees who asked (believed only from proxies it trusts: its TRUST_PROXY).
        rewriteRequestHeaders: (request, headers) => ({
          ...headers,
          'x-forwarded-for': [request.headers['x-forwarded-for'], request.socket.remoteAddress].filter(Boolean).join(', '),
        }),
      },
    });
  if (config.apiPublicUrl === undefined) {
    for (const prefix of API_PREFIXES) await forward(prefix);
  }
  // What the shop tells crawlers (D25) lives on the shop's own address, wherever the browser calls
  // the API: the API makes robots.txt and the sitemaps (from PUBLIC_URL and the catalogue).
  for (const prefix of CRAWLER_PATHS) await forward(prefix);

  app.setNotFoundHandler((request, reply) => {
    if (isPageRequest(request)) return sendPage(request, reply);
    return reply.code(404).send({ success: false, message: 'Not found.' });
  });
  await app.register(staticShop, { staticDir: config.staticDir, sendPage, pagePaths: entry?.pagePaths });
  return app;
}
