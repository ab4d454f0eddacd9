import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Db } from '../db/types';
import { Throttle } from '../auth/throttle';
import { MailOutbox } from '../mail/mail-outbox';
import type { Mailer } from '../mail/mailer';
import type { UserEvents } from '../realtime/user-events';
import type { ServerClock } from '../time/server-clock';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    clock: ServerClock;
    mailer: Mailer;
    /** Where every mail is written, in the transaction that causes it (D23); the worker sends it through `mailer`. */
    mailOutbox: MailOutbox;
    /** The bridge to the socket layer (D12). */
    events: UserEvents;
    /** The per-client and per-account windows every area counts against (accounts, orders, the catalogue). */
    throttle: Throttle;
  }
}

export interface CoreServices {
  config: Config;
  db: Db;
  clock: ServerClock;
  mailer: Mailer;
  events: UserEvents;
}

/**
 * What every part of the app shares, as decorators of the root instance (hence fastify-plugin).
 * Each area's services are decorators too, declared and made by that area's plugin
 * (accounts/account-services.ts, orders/order-services.ts, catalog/catalog-plugin.ts,
 * auth/authentication.ts); a route reads them off `app`, and never makes one of its own.
 */
export const coreServices = fp<CoreServices>(
  async (app, services) => {
    app.decorate('config', services.config);
    app.decorate('db', services.db);
    app.decorate('clock', services.clock);
    app.decorate('mailer', services.mailer);
    app.decorate('mailOutbox', new MailOutbox(services.db, services.clock, Math.random, services.config.mailRetryBaseMs));
    app.decorate('events', services.events);
    app.decorate('throttle', new Throttle(services.db, services.clock, services.config.rateLimits.windowMs));
  },
  { name: 'core-services', fastify: '5.x' },
);
