import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { renderPage } from '../../../src/entry-server';
import { PreparedAnswer, sendPrepared } from '../http/prepared-answer';
import type { Made } from '../catalog/catalog-cache';
import { EMPTY_SCOPE } from '../catalog/catalog-change';
import { EngineCatalogGateway } from './engine-catalog-gateway';

/** The shop's server renderer (src/entry-server.tsx; built into `<STATIC_DIR>/.ssr/`). */
export type RenderPage = typeof renderPage;

/** Where `npm run build` writes the server renderer, inside the built shop (a dot folder: never served). */
export const SERVER_ENTRY = path.join('.ssr', 'entry-server.js');

/** The built renderer beside the built shop, or undefined when the build has none. */
export async function loadBuiltRenderer(staticDir: string): Promise<RenderPage | undefined> {
  const file = path.join(staticDir, SERVER_ENTRY);
  if (!existsSync(file)) return undefined;
  const entry = (await import(pathToFileURL(file).href)) as { renderPage: RenderPage };
  return entry.renderPage;
}

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
export function serverPages(app: FastifyInstance, shell: string, renderer: RenderPage | undefined, manifest: BuildManifest = {}) {
  const template = pageTemplate(shell);
  const preloads = chunkPreloads(manifest, shell);
  // A page without its `#root` (not the shop's build) is sent as it is.
  const render = template ? renderer : undefined;
  const shellPage: Page = { answer: new PreparedAnswer(Buffer.from(shell), HTML), status: 200 };

  async function renderedPage(url: string): Promise<Made<Page>> {
    if (!render || !template) return { value: shellPage, scope: EMPTY_SCOPE, bytes: 0 };
    const gateway = new EngineCatalogGateway(app.catalog);
    const { html, head, answers, source } = await render(url, gateway);
    const answer = new PreparedAnswer(Buffer.from(template(html, head, answers, preloads(source))), HTML);
    return { value: { answer, status: head.status ?? 200 }, scope: gateway.scope(), bytes: answer.body.length * 2 };
  }

  /**
   * Sends the page at the request's URL: at once when it is kept (the usual case: no promise),
   * else once rendered. Answers nothing (a returned reply would be awaited as a thenable).
   */
  return function sendPage(request: FastifyRequest, reply: FastifyReply): Promise<void> | undefined {
    const key = `page:${request.url}`;
    const ready = render ? app.catalog.cache.get<Page>(key) : undefined;
    if (ready) {
      sendKept(request, reply, ready);
      return undefined;
    }
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
      .then((page) => {
        sendKept(request, reply, page);
      });
  };
}

/** A page with its status: a 200 with its ETag (a 304 when the browser has it), any other status as it is. */
function sendKept(request: FastifyRequest, reply: FastifyReply, { answer, status }: Page): void {
  if (status === 200) sendPrepared(request, reply, answer, 'no-cache');
  else reply.code(status).header('cache-control', 'no-cache').type(HTML).send(answer.body);
}

const HTML = 'text/html; charset=utf-8';

type Template = (html: string, head: { title: string; description: string }, answers: string, preloads: string) => string;

/** The built page split where the render goes: `#root`, the title and the description; undefined without a `#root`. */
function pageTemplate(shell: string): Template | undefined {
  const root = '<div id="root"></div>';
  if (!shell.includes(root) || !shell.includes('</head>')) return undefined;
  const withoutTitle = shell.replace(/\s*<title>[^<]*<\/title>/, '').replace(/\s*<meta name="description"[^>]*>/, '');
  const [before = '', after = ''] = withoutTitle.split(root);
  const [headStart = '', headEnd = ''] = before.split('</head>');
  return (html, head, answers, preloads) =>
    `${headStart}  <title>${escapeHtml(head.title)}</title>\n    <meta name="description" content="${escapeHtml(head.description)}" />\n  </head>${headEnd}` +
    `<div id="root">${html}</div>${answers}${preloads}${after}`;
}

/** What the build's manifest (`.vite/manifest.json`) says of a module: its chunk and the chunks it imports. */
export type BuildManifest = Record<string, { file: string; imports?: string[] }>;

/** The build's manifest beside the built shop; empty without one. */
export function readManifest(staticDir: string): BuildManifest {
  const file = path.join(staticDir, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BuildManifest) : {};
}

/** The id src/main.tsx reads the page's chunks from. */
const PAGE_CHUNKS_ELEMENT_ID = 'shop-chunks';

/**
 * The page's own chunk and the chunks it imports, minus what the built page loads itself, as a
 * list src/main.tsx preloads once the page has painted: beside the shop's code instead of after
 * it (the page loads its chunk before hydrating, D17), yet never before the first paint.
 */
function chunkPreloads(manifest: BuildManifest, shell: string): (source: string | undefined) => string {
  const chunksOf = (key: string, seen: Set<string>): void => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    for (const imported of chunk.imports ?? []) chunksOf(imported, seen);
  };
  return (source) => {
    if (source === undefined) return '';
    const files = new Set<string>();
    chunksOf(source, files);
    const hrefs = [...files].filter((file) => !shell.includes(`/${file}"`)).map((file) => `/${file}`);
    // Built file names: no character that could end the element.
    return hrefs.length > 0 ? `<script type="application/json" id="${PAGE_CHUNKS_ELEMENT_ID}">${JSON.stringify(hrefs)}</script>` : '';
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
