import fp from 'fastify-plugin';
import { staticShop } from '@shop/core/node/static-shop';

/**
 * The built shop's files (core/node/static-shop.ts), public and outside the API, after every
 * other route; nothing without a build.
 */
export const staticFiles = fp(
  async (app) => {
    const { shopPages } = app;
    if (shopPages) {
      await app.register(staticShop, { staticDir: app.config.staticDir, sendPage: shopPages.send, pagePaths: shopPages.paths });
    }
  },
  { name: 'static-files', dependencies: ['core-services', 'pages'], fastify: '5.x' },
);
