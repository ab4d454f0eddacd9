import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyReply, LogController, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { accountRoutes } from './accounts/account-routes';
import { accountServices } from './accounts/account-services';
import { catalogEngine } from './catalog/catalog-plugin';
import { catalogRoutes } from './catalog/catalog-routes';
import { facetRoutes } from './catalog/facet-routes';
import { relatedRoutes } from './catalog/related-routes';
import { stockAlertRoutes } from './catalog/stock-alert-routes';
import type { Config } from './config';
import type { Db } from './db/types';
import { sendApiError } from './http/api-errors';
import { COMPRESS_THRESHOLD_BYTES } from '@shop/core/node/prepared-answer';
import { rejectUnsafeText } from './http/reject-unsafe-text';
import { setRouterErrorHeaders } from '@shop/core/node/security-headers';
import { logEachRequest, loggerOptions, prettyLogs } from '@shop/core/node/logger-options';
import { logAnswerEvents } from './logging/security-events';
import type { Mailer } from './mail/mailer';
import { createOutboxMailer } from './mail/outbox-mailer';
import { createSmtpMailer } from './mail/smtp-mailer';
import { legalRoutes } from './legal/legal-routes';
import { orderRoutes } from './orders/order-routes';
import { orderServices } from './orders/order-services';
import { seoRoutes } from './seo/seo-routes';
import { authentication } from './auth/authentication';
import { health } from './plugins/health';
import { coreServices } from './plugins/core-services';
import { corsOrigins } from './plugins/cors';
import { openApi } from './plugins/openapi';
import { pages } from './plugins/pages';
import { securityHeaders } from './plugins/security-headers';
import { staticFiles } from './plugins/static-files';
import { createUserEvents, type UserEvents } from './realtime/user-events';
import { referenceRoutes } from './reference/reference-routes';
import { systemClock, type ServerClock } from './time/server-clock';
import type { RenderPage } from '@shop/core/node/page-shell';

export interface AppDeps {
  config: Config;
  db: Db;
  /** Defaults to SMTP when SMTP_URL is set, else the dev outbox. */
  mailer?: Mailer;
  clock?: ServerClock;
  /** The bridge to the socket layer (D12). */
  events?: UserEvents;
  /** Where log lines go; stdout by default (tests capture them). */
  logStream?: NodeJS.WritableStream;
  /** Told of every route as it is added (tests enumerate the API with it). */
  onRoute?: (route: RouteOptions) => void;
  /**
   * The shop's server renderer (D17); by default the one built beside the shop
   * (`STATIC_DIR/.ssr`), and none without a build: then the page is sent for the browser to render.
   */
  renderPage?: RenderPage;
  /** URLs per sitemap page (D25; tests page at a few); 50,000 by default. */
  sitemapPageSize?: number;
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Where the API describes itself (OpenAPI 3, generated from the routes' zod schemas). */
export const OPENAPI_PATH = '/api/openapi.json';

/**
 * The API as one Fastify instance, without a port: tests drive it with `app.inject()`, main.ts
 * and startServer() listen. Every answer is JSON, errors `{ success: false, message }`.
 * One plugin per concern, composed here in order: the services (each a root decorator, made by
 * its area's plugin), the pages and their headers, CORS, OpenAPI, the API's routes, the files.
 * Every route declares zod schemas.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const logTarget = { isTty: process.stdout.isTTY === true, ...(deps.logStream ? { stream: deps.logStream } : {}) };
  const pretty = prettyLogs(config, logTarget);
  const app = Fastify({
    bodyLimit: BODY_LIMIT_BYTES,
    // Starting migrates and seeds the database: on a busy machine that can outlast Fastify's
    // default of 10 s for one plugin, which would end the start.
    pluginTimeout: 120_000,
    // Only the listed proxies' X-Forwarded-For names the client (request.ip); none by default.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // Router-level failures (over-long path parameter, bad URL encoding): JSON too, and without
    // echoing the URL, which may carry a token.
    frameworkErrors: (error, request, reply) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      // No hook runs for these: the security headers and no-store are set here.
      setRouterErrorHeaders(request, reply);
      void (reply as unknown as FastifyReply)
        .code(status)
        .send({ success: false, message: status === 414 ? 'Request URL is too long.' : 'Bad request.' });
    },
    logger: loggerOptions(config, logTarget),
    // One line per request, when it is answered (below), instead of Fastify's two: the log costs
    // a tenth of a catalogue answer otherwise (docs/performance.md).
    logController: new LogController({ disableRequestLogging: true }),
  });
  logEachRequest(app, pretty, { userOf: (request) => request.checkedSession?.userId, logged: logAnswerEvents });

  // zod validates every route's input and shapes every answer (undeclared fields are stripped).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(sendApiError);
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  rejectUnsafeText(app);

  const clock = deps.clock ?? systemClock;
  const mailer =
    deps.mailer ??
    (config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom)
      : createOutboxMailer(config.mailOutboxDir, (message) => app.log.info(message)));
  // The services, each a decorator of the root instance made by its area's plugin.
  await app.register(coreServices, { config, db, clock, mailer, events: deps.events ?? createUserEvents() });
  // Before any route (the CORS preflight route included), so each one is seen public or not.
  await app.register(authentication);
  // Liveness and readiness for load balancers (D23), outside /api.
  await app.register(health);
  // The catalogue on the database, with its bounded cache: read by the catalogue API and by the rendered pages.
  await app.register(catalogEngine);
  await app.register(accountServices);
  await app.register(orderServices);

  await app.register(pages, { renderPage: deps.renderPage });
  await app.register(securityHeaders);
  await app.register(corsOrigins);
  // Before the routes: it collects them as they are added.
  await app.register(openApi);
  // The API, in a scope of its own for compression: dynamic answers (accounts, OpenAPI) over
  // the threshold are compressed per request by @fastify/compress; the catalogue and reference
  // answers come compressed already (http/prepared-answer.ts), which it leaves alone. The
  // built files, outside this scope, come precompressed from the build (vite.config.ts).
  // Request bodies stay as sent: no client compresses them, and inflating one would get round
  // the body limit.
  await app.register(async (api) => {
    await api.register(compress, { threshold: COMPRESS_THRESHOLD_BYTES, encodings: ['br', 'gzip'], globalDecompression: false });
    api.get(OPENAPI_PATH, { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
    await api.register(accountRoutes);
    await api.register(catalogRoutes);
    await api.register(facetRoutes);
    await api.register(relatedRoutes);
    await api.register(stockAlertRoutes);
    await api.register(referenceRoutes);
    await api.register(orderRoutes);
    await api.register(legalRoutes);
  });

  // robots.txt and the sitemaps (D25): the shop's, outside the API, before the built files.
  await app.register(seoRoutes, deps.sitemapPageSize === undefined ? {} : { sitemapPageSize: deps.sitemapPageSize });
  await app.register(staticFiles);
  return app;
}
