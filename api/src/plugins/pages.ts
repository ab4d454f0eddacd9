import fp from 'fastify-plugin';
import { loadBuiltEntry, type PageShell, readPageShell, type RenderPage } from '@shop/core/node/page-shell';
import { isPageRequest, type SendPage } from '@shop/core/node/static-shop';
import { serverPages } from '../pages/server-pages';

/** The built shop's page and how a page at a URL is sent (rendered, kept or for the browser to render). */
export interface ShopPages {
  shell: PageShell;
  send: SendPage;
  /** The shop's page paths (the built server entry's `pagePaths`), each routed to its page; none without that entry. */
  paths: readonly string[] | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The shop's pages; null when no shop is built in STATIC_DIR (the API alone). */
    shopPages: ShopPages | null;
  }
}

export interface PagesOptions {
  /**
   * The shop's server renderer (D17); by default the one built beside the shop
   * (`STATIC_DIR/.ssr`), and none without a build: then the page is sent for the browser to render.
   */
  renderPage?: RenderPage | undefined;
}

/**
 * The shop's pages (D17): each page path of the built entry is a route of its own (registered
 * with the built files, static-files.ts); any other GET or HEAD that no route answers and that
 * names no file is the page at that URL all the same (the shop's not-found page, or a page's path
 * with a trailing slash); anything else unanswered is the API's JSON 404.
 */
export const pages = fp<PagesOptions>(
  async (app, options) => {
    const { staticDir } = app.config;
    // The built shop, marked as served by its API: the browser then calls this same origin.
    const shell = readPageShell(staticDir, 'same-origin');
    const entry = shell && !options.renderPage ? await loadBuiltEntry(staticDir) : undefined;
    const renderPage = shell ? (options.renderPage ?? entry?.renderPage) : undefined;
    const shopPages = shell ? { shell, send: serverPages(app, shell, renderPage), paths: entry?.pagePaths } : null;
    app.decorate('shopPages', shopPages);
    app.setNotFoundHandler((request, reply) => {
      if (shopPages && isPageRequest(request)) return shopPages.send(request, reply);
      return reply.code(404).send({ success: false, message: 'Not found.' });
    });
  },
  { name: 'pages', dependencies: ['core-services', 'catalog-engine'], fastify: '5.x' },
);
