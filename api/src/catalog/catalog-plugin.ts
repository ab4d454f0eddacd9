import { getHeapStatistics } from 'node:v8';
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
    const heapLimit = getHeapStatistics().heap_size_limit;
    const maxBytes = cacheBytesWithin(app.config.catalogCacheBytes, heapLimit);
    if (maxBytes < app.config.catalogCacheBytes) {
      app.log.warn(
        `CATALOG_CACHE_MB is more than a third of this process's heap (${Math.round(heapLimit / MIB)} MB): the catalogue keeps at most ${Math.round(maxBytes / MIB)} MB`,
      );
    }
    const catalog = new Catalog(app.db, { maxBytes, staleMs: UNHEARD_CHANGES_BOUND_MS });
    await catalog.start();
    app.addHook('onClose', () => catalog.stop());
    app.decorate('catalog', catalog);
  },
  { name: 'catalog-engine', fastify: '5.x', dependencies: ['core-services'] },
);

const MIB = 1024 * 1024;

/**
 * What the catalogue may keep: as configured, but never more than a third of the process's heap
 * (`npm start` gives it 192 MB, docs/architecture.md), so that a large setting cannot run the
 * process out of memory; the rest is the server's own and each request's.
 */
export function cacheBytesWithin(configured: number, heapLimit: number): number {
  return Math.min(configured, Math.floor(heapLimit / 3));
}
