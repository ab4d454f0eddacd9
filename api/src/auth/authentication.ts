import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Session, SessionTokens, tokenClaims, UNAUTHORIZED } from './session-tokens';
import { DomainError } from '../domain-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers without a session; every other route needs `Authorization: Bearer <access token>`. */
    public?: boolean;
  }
  interface FastifyRequest {
    /**
     * The caller's live session, on every non-public route (checked before the body is parsed).
     * Read on a public route, it is a 401, never an undefined session.
     */
    readonly session: Session;
    /** Where the hook keeps it; routes read `session`. */
    checkedSession: Session | null;
  }
  interface FastifyInstance {
    /** The one SessionTokens of the process: routes, the auth hook and the socket layer use it. */
    sessions: SessionTokens;
  }
}

/**
 * Auth by default: every route is authenticated unless its options say `config: { public: true }`.
 * One hook checks the bearer before the body is even parsed and puts the session on the request;
 * a missing or dead session is a 401. CORS preflights (OPTIONS) are public, since browsers
 * never send credentials with them (Fetch standard); unknown paths reach the 404 handler unchecked.
 */
export const authentication = fp(
  async (app) => {
    app.decorate(
      'sessions',
      new SessionTokens(app.db, app.config.jwtSecret, app.clock, {
        refreshIdleMs: app.config.refreshIdleMs,
        onRevoked: (familyIds) => app.events.sessionsRevoked(familyIds),
        ...tokenClaims(app.config.publicUrl),
      }),
    );
    app.decorateRequest('checkedSession', null);
    app.decorateRequest('session', {
      getter(this: FastifyRequest): Session {
        if (!this.checkedSession) throw new DomainError('unauthenticated', UNAUTHORIZED);
        return this.checkedSession;
      },
    });
    app.addHook('onRoute', (route) => {
      if ([route.method].flat().every((method) => method === 'OPTIONS')) route.config = { ...route.config, public: true };
    });
    // preParsing: after every onRequest hook (helmet's headers, CORS preflights answered), before
    // the body is parsed or validated.
    // A callback hook: a public route (the catalogue, the files) passes without a promise.
    app.addHook('preParsing', (request, _reply, payload, done) => {
      if (request.is404 || request.routeOptions.config.public === true) {
        done(null, payload);
        return;
      }
      app.sessions.authenticate(bearerToken(request)).then(
        (session) => {
          request.checkedSession = session;
          done(null, payload);
        },
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
    });
  },
  { name: 'authentication', dependencies: ['core-services'], fastify: '5.x' },
);

/** The token of an `Authorization: Bearer <token>` header, if well-formed. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer +([A-Za-z0-9._~+/=-]{1,4096})$/i.exec(header.trim());
  return match?.[1];
}
