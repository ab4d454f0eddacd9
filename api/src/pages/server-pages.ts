import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PageShell, RenderPage } from '@shop/core/node/page-shell';
import { PreparedAnswer, sendPreparedSoon } from '@shop/core/node/prepared-answer';
import type { Made } from '../catalog/catalog-cache';
import { EMPTY_SCOPE } from '../catalog/catalog-change';
import { legalTexts } from '../legal/legal-routes';
import { EngineCatalogGateway, followSoftAnswers, type SoftAnswer, softOf } from './engine-catalog-gateway';

/** A longer URL is rendered but not kept. */
const MAX_KEPT_URL = 512;

/** A rendered page, ready to send. */
interface Page {
  answer: PreparedAnswer;
  status: number;
}

/**
 * The shop's pages (D17): each public route rendered on the server from the catalogue engine,
 * with its title and description and the catalogue answers the browser hydrates from; the
 * signed-in and account routes get the same layout with their page left to the browser. A page
 * is rendered once per URL and then sent from the catalogue's cache, compressed, with an ETag
 * (304 on revalidation), until a change touches an answer it was rendered from. Without a
 * renderer, or when rendering fails, the plain page goes out and the browser renders
 * everything, as before.
 */
export function serverPages(app: FastifyInstance, shell: PageShell, renderer: RenderPage | undefined) {
  const { compose } = shell;
  // A page without its `#root` (not the shop's build) is sent as it is.
  const render = compose ? renderer : undefined;
  const shellPage: Page = { answer: new PreparedAnswer(Buffer.from(shell.html), HTML), status: 200 };
  // The settings' seller in the footer, /privacy and /terms (D24): the same texts GET /api/legal answers.
  const legal = legalTexts(app.config.seller);

  /** The page at `url`, rendered with the answers it may show late taken from `followed` (by call) when there. */
  async function renderedPage(url: string, followed?: ReadonlyMap<string, Made<unknown>>): Promise<Made<Page>> {
    if (!render || !compose) return { value: shellPage, scope: EMPTY_SCOPE, bytes: 0 };
    const gateway = new EngineCatalogGateway(app.catalog, legal, followed);
    const page = await render(url, gateway, app.config.publicUrl);
    const answer = new PreparedAnswer(Buffer.from(compose(page)), HTML);
    return following(
      url,
      { value: { answer, status: page.head.status ?? 200 }, scope: gateway.scope(), bytes: answer.body.length * 2 },
      gateway.softAnswers(),
    );
  }

  /**
   * A page with the answers it shows late (`soft`: a category's filter panel counts). When they can
   * all follow a change of theirs (Made.follow), the page does too: kept as it is when they are worth
   * what they were (most price changes leave a category's counts as they are), else rendered again
   * with the followed answers (no recount); otherwise the cache renders it afresh.
   */
  function following(url: string, page: Made<Page>, soft: readonly SoftAnswer[]): Made<Page> {
    const made = { ...page, ...softOf(soft) };
    if (soft.length === 0 || soft.some((answer) => answer.made.follow === undefined)) return made;
    return {
      ...made,
      follow: async (changes) => {
        const next = await followSoftAnswers(soft, changes);
        if (!next) return undefined;
        if (next.unchanged) return following(url, page, next.answers);
        return renderedPage(url, new Map(next.answers.map((answer) => [answer.call, answer.made])));
      },
    };
  }

  /**
   * Sends the page at the request's URL: at once when it is kept in the encoding asked for (the
   * usual case: no promise), else once rendered or compressed. Answers nothing (a returned reply would be awaited as a thenable).
   */
  return function sendPage(request: FastifyRequest, reply: FastifyReply): Promise<void> | undefined {
    const key = `page:${request.url}`;
    const ready = render ? app.catalog.cache.get<Page>(key) : undefined;
    if (ready) return sendKept(request, reply, ready);
    const rendering =
      request.url.length <= MAX_KEPT_URL
        ? app.catalog.cache.remember(key, () => renderedPage(request.url))
        : renderedPage(request.url).then((page) => page.value);
    return rendering
      .catch((error: unknown) => {
        // The browser renders this one (the database may be away, or the render failed); the next request tries again.
        app.log.error({ err: error }, 'server rendering failed');
        return shellPage;
      })
      .then((page) => sendKept(request, reply, page));
  };
}

/**
 * A page with its status: a 200 with its ETag (a 304 when the browser has it), any other status as
 * it is. Anyone can ask for a page nobody asked for before (another query string), so a new page is
 * compressed off the event loop, as the catalogue's answers are (sendPreparedSoon): undefined when
 * sent at once, else a promise that settles once it is sent.
 */
function sendKept(request: FastifyRequest, reply: FastifyReply, { answer, status }: Page): Promise<void> | undefined {
  if (status === 200) return sendPreparedSoon(request, reply, answer, 'no-cache');
  reply.code(status).header('cache-control', 'no-cache').type(HTML).send(answer.body);
  return undefined;
}

const HTML = 'text/html; charset=utf-8';
