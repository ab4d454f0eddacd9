import { setTimeout as wait } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { PreparedAnswer, sendPrepared } from '@shop/core/node/prepared-answer';
import type { ApiCache, Dependency } from './api-cache';
import type { PageShell, ShopEntry } from '@shop/core/node/page-shell';
import type { SendPage } from '@shop/core/node/static-shop';

export interface StorefrontPagesOptions {
  shell: PageShell;
  /** The built server entry; without one every page is sent for the browser to render. */
  entry: ShopEntry | undefined;
  api: ApiCache;
  /** The API as the browser reaches it ('' for this origin): the rendered pictures' addresses. */
  publicBase: string;
  /** The shop's address (PUBLIC_URL), which the pages' canonical links and JSON-LD name; unset, they carry neither. */
  publicUrl?: string | undefined;
  /** How long a request waits for its page (ms) before it gets the last good page, or the page for the browser to render. */
  deadlineMs: number;
  /** How many bytes of rendered pages are kept at most. */
  maxBytes: number;
  log: FastifyBaseLogger;
  now?: () => number;
}

/** How a page was had, in the `X-Storefront-Page` header (for operators, tests and the bench). */
export type PageSource = 'kept' | 'revalidated' | 'rendered' | 'stale' | 'browser';

export const PAGE_SOURCE_HEADER = 'x-storefront-page';

/** A longer URL is rendered but not kept. */
const MAX_KEPT_URL = 512;

const HTML = 'text/html; charset=utf-8';

/** A rendered page and what it was rendered from. */
interface Page {
  readonly answer: PreparedAnswer;
  readonly status: number;
  readonly dependencies: readonly Dependency[];
  /** Whether every answer it read may be kept by a shared cache: else it is rendered again for each request. */
  readonly keep: boolean;
  readonly freshUntil: number;
  readonly staleWhileRevalidateMs: number;
}

/**
 * The storefront tier's pages (D22): each public route rendered through the API's HTTP, by the
 * same renderer and gateways as the browser's, and kept as long as the answers it was rendered
 * from are fresh by the API's own headers. A stale page is revalidated answer by answer (a 304
 * each keeps it without rendering); a changed answer renders it again. No request waits longer
 * than the deadline: past it, or when the API is away, it gets the last good page (marked
 * stale), else the page for the browser to render, which then shows SPEC's error texts where
 * data could not be had. Never a 500 for an API outage.
 */
export function storefrontPages(options: StorefrontPagesOptions): SendPage {
  const { shell, entry, api, publicBase, publicUrl, deadlineMs, log } = options;
  const now = options.now ?? Date.now;
  const compose = shell.compose;
  const browserPage = new PreparedAnswer(Buffer.from(shell.html), HTML);
  const pages = new LRUCache<string, Page>({
    maxSize: Math.max(1, options.maxBytes),
    sizeCalculation: (page, url) => page.answer.body.length * 2 + url.length * 2 + 512,
  });
  const refreshing = new Map<string, Promise<Page>>();

  async function render(url: string): Promise<Page> {
    if (!entry || !compose) throw new Error('This build has no server renderer');
    const session = api.session();
    const rendered = await entry.renderPage(url, entry.apiCatalogGateway(publicBase, session.fetch), publicUrl);
    if (session.failure) throw session.failure;
    const page: Page = {
      answer: new PreparedAnswer(Buffer.from(compose(rendered)), HTML),
      status: rendered.head.status ?? 200,
      dependencies: session.dependencies(),
      keep: session.keep,
      freshUntil: session.keep ? session.freshUntil : 0,
      staleWhileRevalidateMs: session.staleWhileRevalidateMs,
    };
    // Kept even when it may not be reused fresh: it is the last good page should the API fail.
    if (url.length <= MAX_KEPT_URL) pages.set(url, page);
    return page;
  }

  /** The page's answers asked again: the same page, fresh again, when none changed; undefined otherwise. */
  async function revalidated(url: string, page: Page): Promise<Page | undefined> {
    if (!page.keep) return undefined;
    const entries = await Promise.all(page.dependencies.map((dependency) => api.unchanged(dependency)));
    if (!entries.every((current) => current !== undefined)) return undefined;
    const freshUntil = Math.min(Number.POSITIVE_INFINITY, ...entries.map((current) => current.freshUntil));
    const renewed = { ...page, freshUntil };
    pages.set(url, renewed);
    return renewed;
  }

  /** The page at `url` made current: revalidated, else rendered; one refresh per URL at a time. */
  function refresh(url: string, kept: Page | undefined): Promise<{ page: Page; source: PageSource }> {
    let pending = refreshing.get(url);
    if (!pending) {
      pending = (async () => (kept && (await revalidated(url, kept))) || render(url))().finally(() => refreshing.delete(url));
      refreshing.set(url, pending);
    }
    return pending.then((page) => ({ page, source: page.answer === kept?.answer ? 'revalidated' : 'rendered' }));
  }

  return function sendPage(request: FastifyRequest, reply: FastifyReply): Promise<void> | undefined {
    const url = request.url;
    const kept = pages.get(url);
    const at = now();
    if (kept?.keep && at < kept.freshUntil) {
      sendFresh(request, reply, kept, 'kept', at);
      return undefined;
    }
    if (kept?.keep && at < kept.freshUntil + kept.staleWhileRevalidateMs) {
      // Stale, yet the API allows serving it while it is asked again behind this request.
      refresh(url, kept).catch((error: unknown) => log.warn({ err: error, url }, 'page revalidation failed'));
      sendFresh(request, reply, kept, 'kept', at);
      return undefined;
    }
    const timer = new AbortController();
    const deadline = wait(deadlineMs, undefined, { signal: timer.signal }).catch(() => undefined);
    const refreshed = refresh(url, kept).catch((error: unknown) => {
      log.warn({ err: error, url }, 'server rendering failed: the page goes out without it');
      return undefined;
    });
    return Promise.race([refreshed, deadline]).then((made) => {
      timer.abort();
      if (made) return sendFresh(request, reply, made.page, made.source, now());
      if (kept) return sendFallback(reply, kept.answer, kept.status, 'stale');
      return sendFallback(reply, browserPage, 200, 'browser');
    });
  };
}

/** A current page: a CDN may keep it as long as its answers stay fresh; a browser asks again each time (ETag, 304). */
function sendFresh(request: FastifyRequest, reply: FastifyReply, page: Page, source: PageSource, at: number): void {
  reply.header(PAGE_SOURCE_HEADER, source);
  const sharedSeconds = page.keep && Number.isFinite(page.freshUntil) ? Math.floor((page.freshUntil - at) / 1000) : 0;
  const staleSeconds = Math.floor(page.staleWhileRevalidateMs / 1000);
  const cacheControl =
    sharedSeconds > 0
      ? `public, max-age=0, s-maxage=${sharedSeconds}${staleSeconds > 0 ? `, stale-while-revalidate=${staleSeconds}` : ''}`
      : 'no-cache';
  if (page.status === 200) sendPrepared(request, reply, page.answer, cacheControl);
  else reply.code(page.status).header('cache-control', cacheControl).type(HTML).send(page.answer.body);
}

/** A page sent in place of a current one (the API slow or away): kept by no cache. */
function sendFallback(reply: FastifyReply, answer: PreparedAnswer, status: number, source: PageSource): void {
  reply.code(status).header(PAGE_SOURCE_HEADER, source).header('cache-control', 'no-store').type(HTML).send(answer.body);
}
