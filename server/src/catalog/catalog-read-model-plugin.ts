import fp from 'fastify-plugin';
import { CatalogReadModel } from './catalog-read-model';

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalogue in memory, per version (docs/performance.md): the API's and the rendered pages' one source. */
    catalog: CatalogReadModel;
  }
}

/** The catalogue read model as a decorator of the root instance: the catalogue API and the server-rendered pages read it. */
export const catalogReadModel = fp(
  async (app) => {
    const catalog = new CatalogReadModel(app.db);
    await catalog.start();
    app.addHook('onClose', () => catalog.stop());
    app.decorate('catalog', catalog);
  },
  { name: 'catalog-read-model', fastify: '5.x', dependencies: ['core-services'] },
);
