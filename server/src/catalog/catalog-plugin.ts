import fp from 'fastify-plugin';
import { Catalog } from './catalog';

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalogue on the database and its bounded cache (catalog.ts): the API's and the rendered pages' one source. */
    catalog: Catalog;
  }
}

/**
 * While changes cannot be heard (PostgreSQL's listening connection is away), a kept answer is
 * served for at most this long after it was made.
 */
export const UNHEARD_CHANGES_BOUND_MS = 1000;

/** The catalogue as a decorator of the root instance: the catalogue API and the server-rendered pages read it. */
export const catalogEngine = fp(
  async (app) => {
    const catalog = new Catalog(app.db, { maxBytes: app.config.catalogCacheBytes, staleMs: UNHEARD_CHANGES_BOUND_MS });
    await catalog.start();
    app.addHook('onClose', () => catalog.stop());
    app.decorate('catalog', catalog);
  },
  { name: 'catalog-engine', fastify: '5.x', dependencies: ['core-services'] },
);
