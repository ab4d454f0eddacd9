import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';

/** Sends the page at the request's URL (rendered, kept or for the browser to render); a promise only when it must wait. */
export type SendPage = (request: FastifyRequest, reply: FastifyReply) => Promise<void> | undefined;

/** Files whose names carry a hash of their content: a new content is a new name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Vite writes every hashed file under assets/ (`build.assetsDir`); anything else may change under its name. */
function isHashedAsset(relativePath: string): boolean {
  return relativePath.split(path.sep)[0] === 'assets';
}

/** The shop's files for crawlers, which the API makes (api/src/seo/seo-routes.ts) and a storefront forwards to it. */
export const CRAWLER_FILES = ['robots.txt', 'sitemap.xml'] as const;

/** The paths the API answers (SPEC 7, D10, D12): never a page. */
export function isApiPath(pathname: string): boolean {
  return pathname.startsWith('/api/') || pathname.startsWith('/images/') || pathname.startsWith('/socket.io/');
}

/**
 * Whether a request not answered by any route asks for the shop's page: a GET or HEAD of a
 * path that is neither the API's nor a file. A missing or refused file (an old chunk, a source
 * map, a dotfile) is a 404, never the page; a client route reloaded in the browser (e.g.
 * /profile) is the page (history fallback).
 */
export function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  const isFile =
    pathname !== '/index.html' && (/\.[A-Za-z0-9]+$/.test(pathname) || pathname.split('/').some((segment) => segment.startsWith('.')));
  return !isApiPath(pathname) && !isFile;
}

/** The built shop's files and its page: all public (a browser fetches them without a session). */
export async function staticShop(
  app: FastifyInstance,
  opts: {
    staticDir: string;
    sendPage: SendPage;
    /** The shop's page paths (`/`, `/product/:id`, ...: the server entry's `pagePaths`), each a route of its own. */
    pagePaths?: readonly string[] | undefined;
  },
) {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, public: true };
  });
  // Each page by a route of its own, from sendPage; a path there that names a file (`/product/x.map`)
  // is no page. Any other path that names no file goes to the not-found handler, which sends the page
  // at that URL all the same (the shop's not-found page, or a page's path with a trailing slash).
  const page = (request: FastifyRequest, reply: FastifyReply) =>
    isPageRequest(request) ? opts.sendPage(request, reply) : reply.callNotFound();
  // `hide`: no page is in an OpenAPI document (@fastify/swagger's schema option, where it is loaded).
  const hidden = { schema: { hide: true } as FastifySchema };
  for (const pagePath of new Set(['/', ...(opts.pagePaths ?? [])])) app.get(pagePath, hidden, page);
  await app.register(fastifyStatic, {
    root: opts.staticDir,
    prefix: '/',
    index: false,
    // One route per built file, found at start: any other path goes straight to the page (or a
    // 404) without looking on disk first (a server-rendered page costs a lookup otherwise).
    wildcard: false,
    // What the shop tells crawlers is made by the API from PUBLIC_URL and the catalogue (D25): a
    // file of that name left in an older build would stand in the way of its route.
    globIgnore: [...CRAWLER_FILES],
    // Source maps (vite `sourcemap: 'hidden'`) and dotfiles (.vite/manifest.json, the built
    // servers) stay private, and so do the compressed copies' own names: they are sent for their
    // original's name.
    dotfiles: 'deny',
    allowedPath: (pathName) => pathName !== '/index.html' && !/\.(map|br|gz)$/.test(pathName),
    // The .br and .gz copies the build wrote beside each file, chosen by Accept-Encoding
    // (with Vary: Accept-Encoding).
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', isHashedAsset(path.relative(opts.staticDir, filePath)) ? IMMUTABLE : 'no-cache');
    },
  });
}
