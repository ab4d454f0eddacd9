import { Writable } from 'node:stream';
import { enableStaticRendering } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { answersElement } from '../adapters/server-render/catalog-answers';
import { searchHeadElements } from '../adapters/server-render/search-head';
import { createContainer } from '../di/container';
import { createServerRenderAdapters } from '../di/server-render-adapter-set';
import type { CatalogGateway } from '@shop/core/ports/catalog-gateway';
import { ShopRoot } from './app';
import type { PageHead } from './page-module';
import { AppRoutes, prepareRoute, routeHead, serverRenderedSource } from './routes';
import { pageSeo } from '../views/seo/page-seo';

export { apiCatalogGateway } from '../di/api-catalog';
/** The shop's page paths, for a server to route each to its page (the rest is the not-found page). */
export { PAGE_PATHS as pagePaths } from './routes';

// One render per request: observers render once and subscribe to nothing.
enableStaticRendering(true);

/** A page rendered on the server (D17). */
export interface RenderedPage {
  /** The shop's HTML, for the page's `#root`. */
  html: string;
  head: PageHead;
  /** What the page tells search engines, for its head (D25): its canonical link and JSON-LD; none without the shop's origin. */
  searchHead?: string;
  /** The element that carries the catalogue answers the render read (for the browser's first render), after `#root`. */
  answers: string;
  /** The page's own module (the build's manifest names its chunk), for the page to preload; none for a page the browser renders. */
  source: string | undefined;
}

/**
 * Renders the shop at `url` (path and search) on the server, with the catalogue `catalog` (the
 * reference server's catalogue engine in process, or an API's HTTP through `apiCatalogGateway`): a container of its own, the page's stores loaded first, then
 * React's streaming renderer, read to the end (the server keeps the result until a change touches what it was rendered from).
 * `origin` is the shop's public address (PUBLIC_URL), which the page's canonical link and JSON-LD name.
 */
export async function renderPage(url: string, catalog: CatalogGateway, origin?: string): Promise<RenderedPage> {
  const location = new URL(url, 'http://shop');
  const { adapters, answers } = createServerRenderAdapters(catalog);
  const container = createContainer(adapters);
  await prepareRoute(container, location);
  const path = `${location.pathname}${location.search}`;
  const html = await renderToHtml(
    <ShopRoot container={container} serverRendered>
      <StaticRouter location={path}>
        <AppRoutes />
      </StaticRouter>
    </ShopRoot>,
  );
  return {
    html,
    head: routeHead(container, location),
    searchHead: origin === undefined ? undefined : searchHeadElements(pageSeo(container, location, origin)),
    answers: answersElement(answers()),
    source: serverRenderedSource(location.pathname),
  };
}

/** The whole HTML of `element`, once everything (lazily loaded parts too) has rendered. */
function renderToHtml(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    let failed: Error | undefined;
    const stream = renderToPipeableStream(element, {
      // Never split a finished part out into a later chunk with a script to move it in place: the
      // page is sent whole (and kept), and its Content-Security-Policy runs no inline script.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        if (failed) reject(failed);
        else stream.pipe(sink);
      },
      onShellError: reject,
      onError(error) {
        failed ??= error instanceof Error ? error : new Error('The page could not be rendered');
      },
    });
  });
}
