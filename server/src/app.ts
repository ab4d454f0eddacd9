import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import { ZodError } from 'zod';
import { accountRoutes } from './accounts/account-routes';
import { createAccountContext } from './accounts/account-context';
import { catalogRoutes } from './catalog/catalog-routes';
import type { Config } from './config';
import type { Db } from './db/types';
import { HttpError } from './http/http-error';
import { rejectUnsafeText } from './http/reject-unsafe-text';
import type { Mailer } from './mail/mailer';
import { createOutboxMailer } from './mail/outbox-mailer';
import { createSmtpMailer } from './mail/smtp-mailer';
import { createUserEvents, type UserEvents } from './realtime/user-events';
import { referenceRoutes } from './reference/reference-routes';
import { systemClock, type ServerClock } from './time/server-clock';

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
  /** Told of every route as it is added (tests/hostile enumerates the API with it). */
  onRoute?: (route: RouteOptions) => void;
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Paths (API and SPA mail-link routes) in which a secret token travels; masked in every log line. */
const TOKEN_IN_PATH = /\/(email-verification(?:-anonymous)?|verify-email(?:-anonymous)?|reset-password)\/[^/?#]+/g;

export function redactUrl(url: string): string {
  return url.replace(TOKEN_IN_PATH, '/$1/[redacted]');
}

/**
 * The API as one Fastify instance, without a port: tests drive it with `app.inject()`, main.ts
 * and startServer() listen. Every answer is JSON, errors `{ success: false, message }`.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const app = Fastify({
    bodyLimit: BODY_LIMIT_BYTES,
    // Only the listed proxies' X-Forwarded-For names the client (request.ip); none by default.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // Router-level failures (over-long path parameter, bad URL encoding): JSON too, and without
    // echoing the URL, which may carry a token.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      void (reply as unknown as FastifyReply).code(status).send({ success: false, message: status === 414 ? 'Request URL is too long.' : 'Bad request.' });
    },
    logger: {
      level: config.logLevel,
      ...(deps.logStream ? { stream: deps.logStream } : {}),
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
      serializers: {
        req: (req: { method: string; url: string; ip?: string }) => ({
          method: req.method,
          url: redactUrl(req.url),
          remoteAddress: req.ip,
        }),
      },
    },
  });

  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ success: false, message: error.message });
    }
    if (error instanceof ZodError) {
      return reply.code(400).send({ success: false, message: 'Invalid request.' });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ success: false, message: clientErrorMessage(status, error) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ success: false, message: 'Internal server error.' });
  });
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  rejectUnsafeText(app);

  // Account answers (tokens, profile data, errors) must not be kept by any cache.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/users/')) reply.header('cache-control', 'no-store');
  });

  const staticDir = config.staticDir;
  const serveSpa = existsSync(path.join(staticDir, 'index.html'));
  const shell = serveSpa ? markServedByApi(readFileSync(path.join(staticDir, 'index.html'), 'utf8')) : '';
  const sendShell = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(shell);

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = url.startsWith('/api/') || url.startsWith('/images/') || url.startsWith('/socket.io/');
    // A missing or refused file (an old chunk, a source map, a dotfile) is a 404, never the page.
    const isFile =
      url !== '/index.html' && (/\.[A-Za-z0-9]+$/.test(url) || url.split('/').some((segment) => segment.startsWith('.')));
    // History fallback: a client route (e.g. /profile) reloaded in the browser gets the SPA.
    if (serveSpa && !isApi && !isFile && (request.method === 'GET' || request.method === 'HEAD')) {
      return sendShell(reply);
    }
    return reply.code(404).send({ success: false, message: 'Not found.' });
  });

  const publicUrl = new URL(config.publicUrl);
  const socketOrigin = `${publicUrl.protocol === 'https:' ? 'wss:' : 'ws:'}//${publicUrl.host}`;
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        // React sets style props through the CSSOM, which CSP does not restrict: no 'unsafe-inline'.
        styleSrc: ["'self'"],
        // The client crops product images into data:/blob: URLs (SPEC 2).
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", socketOrigin],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    // A separate dev front end (CORS_ORIGINS) must be able to show the API's product images.
    crossOriginResourcePolicy: { policy: config.corsOrigins.length > 0 ? 'cross-origin' : 'same-site' },
    strictTransportSecurity: publicUrl.protocol === 'https:',
  });
  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Content-Type', 'Authorization'],
    maxAge: 600,
  });

  const clock = deps.clock ?? systemClock;
  const mailer =
    deps.mailer ??
    (config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom)
      : createOutboxMailer(config.mailOutboxDir, (message) => app.log.info(message)));
  const ctx = createAccountContext({ config, db, clock, mailer, events: deps.events ?? createUserEvents() });

  await app.register(accountRoutes, { ctx });
  await app.register(catalogRoutes, { db });
  await app.register(referenceRoutes);

  if (serveSpa) {
    // The page itself always comes from the fallback above, marked as served by the API.
    app.get('/', (_request, reply) => sendShell(reply));
    await app.register(fastifyStatic, {
      root: staticDir,
      prefix: '/',
      index: false,
      // Source maps (vite `sourcemap: 'hidden'`) and dotfiles (.vite/manifest.json) stay private.
      dotfiles: 'deny',
      allowedPath: (pathName) => pathName !== '/index.html' && !pathName.endsWith('.map'),
    });
  }
  return app;
}

/**
 * Tells the shop it was served by its API: it then calls this same origin, whatever the port
 * (`PORT`), instead of port 5000 of the page's host (src/adapters/http/api-base-url.ts).
 */
export function markServedByApi(html: string): string {
  const meta = '<meta name="storefront-api" content="same-origin" />';
  const head = /<head[^>]*>/i.exec(html);
  if (head) return html.replace(head[0], `${head[0]}\n    ${meta}`);
  return html.replace(/^(<!doctype html>)?/i, (doctype) => `${doctype}${meta}`);
}

function clientErrorMessage(status: number, error: Error & { code?: string }): string {
  if (status === 413) return 'Request body is too large.';
  if (status === 415) return 'Unsupported content type. Send application/json.';
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) return 'Malformed JSON body.';
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'The JSON body is empty.';
  return error.message || 'Bad request.';
}
