import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../http/http-error';
import { PreparedAnswer, preparedRoute, sendPreparedSoon } from '@shop/core/node/prepared-answer';
import { Sitemaps, type SitemapKind } from './sitemaps';

export interface SeoRoutesOptions {
  /** URLs per sitemap page (tests page at a few); sitemaps.org's 50,000 by default. */
  sitemapPageSize?: number;
}

/** Crawlers may keep these for an hour; asking again costs a 304 while the catalogue stays. */
const SEO_CACHE_CONTROL = 'public, max-age=3600';

/** `products-3.xml`, `categories-1.xml`: the kind and the page (from 1). */
const SITEMAP_FILE = /^(products|categories)-([1-9][0-9]{0,8})\.xml$/;

const sitemapParams = z.object({ file: z.string().max(64) });

/**
 * What the shop tells crawlers (D25, docs/products.md "Search engines"), outside the API and its
 * contracts: `/robots.txt`, naming the sitemap by its absolute address on PUBLIC_URL, and the
 * sitemaps (sitemaps.ts), kept in the catalogue's cache and compressed like the catalogue's answers.
 * The storefront tier forwards these paths here (storefront/server/storefront-app.ts).
 */
export const seoRoutes: FastifyPluginAsyncZod<SeoRoutesOptions> = async (app, options) => {
  const origin = app.config.publicUrl;
  const sitemaps = new Sitemaps(app.db, app.catalog.cache, origin, options.sitemapPageSize);
  const robots = new PreparedAnswer(Buffer.from(robotsTxt(origin)), 'text/plain; charset=utf-8');
  const route = { ...preparedRoute, config: { public: true }, schema: { hide: true } };

  app.get('/robots.txt', route, (request, reply) => sendPreparedSoon(request, reply, robots, SEO_CACHE_CONTROL));

  app.get('/sitemap.xml', route, async (request, reply) => {
    await sendPreparedSoon(request, reply, await sitemaps.index(), SEO_CACHE_CONTROL);
    return reply;
  });

  app.get('/sitemap/:file', { ...route, schema: { ...route.schema, params: sitemapParams } }, async (request, reply) => {
    const [, kind, page] = SITEMAP_FILE.exec(request.params.file) ?? [];
    const answer = kind && page ? await sitemaps.page(kind as SitemapKind, Number(page)) : undefined;
    if (!answer) throw new HttpError(404, 'Sitemap not found');
    await sendPreparedSoon(request, reply, answer, SEO_CACHE_CONTROL);
    return reply;
  });
};

/**
 * The shop's robots.txt: every public page may be crawled (they are rendered on the server for
 * everyone, crawlers included), the API and the signed-in and one-time pages may not; the
 * sitemap's absolute address (the protocol asks for a full URL).
 */
export function robotsTxt(origin: string): string {
  return [
    "# The shop's public pages are rendered on the server for everyone, crawlers included.",
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /profile',
    'Disallow: /orders',
    'Disallow: /check-out',
    'Disallow: /authpopup',
    'Disallow: /reset-password/',
    'Disallow: /verify-email/',
    'Disallow: /verify-email-anonymous/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
