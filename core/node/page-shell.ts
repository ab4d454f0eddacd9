import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CatalogGateway } from '@shop/core/ports/catalog-gateway';

/**
 * A page the shop rendered on the server (D17), as storefront/src/shell/entry-server.tsx returns it: the shop's
 * HTML for `#root`, its head (404 for a page that shows nothing found), what it tells search engines
 * (D25), the catalogue answers the render read, and the page's own module. The tests that render
 * with the real entry hold the two equal.
 */
export interface RenderedPage {
  html: string;
  head: { title: string; description: string; status?: number };
  searchHead?: string;
  answers: string;
  source: string | undefined;
}

/** The shop's server renderer (storefront/src/shell/entry-server.tsx; built into `<STATIC_DIR>/.ssr/`). */
export type RenderPage = (url: string, catalog: CatalogGateway, origin?: string) => Promise<RenderedPage>;

/** What the built server entry offers a server: the renderer, and the catalogue port over an API's HTTP (D22). */
export interface ShopEntry {
  renderPage: RenderPage;
  apiCatalogGateway: (baseUrl: string, fetch: (url: string, init: RequestInit) => Promise<Response>) => CatalogGateway;
  /** The shop's page paths (`/`, `/product/:id`, ...): a server routes each to its page by a route of its own. */
  pagePaths: readonly string[];
}

/** Where `npm run build` writes the server entry, inside the built shop (a dot folder: never served). */
export const SERVER_ENTRY = path.join('.ssr', 'entry-server.js');

/** The built server entry beside the built shop, or undefined when the build has none. */
export async function loadBuiltEntry(staticDir: string): Promise<ShopEntry | undefined> {
  const file = path.join(staticDir, SERVER_ENTRY);
  if (!existsSync(file)) return undefined;
  return (await import(pathToFileURL(file).href)) as ShopEntry;
}

/** What the build's manifest (`.vite/manifest.json`) says of a module: its chunk and the chunks it imports. */
export type BuildManifest = Record<string, { file: string; imports?: string[] }>;

/** The build's manifest beside the built shop; empty without one. */
export function readManifest(staticDir: string): BuildManifest {
  const file = path.join(staticDir, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BuildManifest) : {};
}

/**
 * Where the shop's browser code finds its API (storefront/src/adapters/http/api-base-url.ts): `same-origin`
 * when the server that sent the page answers the API too (the reference server, or a storefront
 * that forwards the API), else the API's public address.
 */
export type PageApi = 'same-origin' | URL;

/** The built page (`index.html`) marked with where its API is, and how a server render goes into it. */
export interface PageShell {
  /** The page as built, marked: sent for the browser to render when there is no render. */
  readonly html: string;
  /** The page with a render in it; undefined when the page is not the shop's build (no `#root`). */
  readonly compose: ((page: RenderedPage) => string) | undefined;
}

/** The built page in `staticDir`, or undefined when there is no build. */
export function readPageShell(staticDir: string, api: PageApi): PageShell | undefined {
  const file = path.join(staticDir, 'index.html');
  if (!existsSync(file)) return undefined;
  return pageShell(readFileSync(file, 'utf8'), api, readManifest(staticDir));
}

export function pageShell(built: string, api: PageApi, manifest: BuildManifest = {}): PageShell {
  const html = markApi(built, api);
  const template = pageTemplate(html);
  const preloads = chunkPreloads(manifest, html);
  return {
    html,
    compose: template && ((page) => template(page.html, page.head, page.searchHead ?? '', page.answers, preloads(page.source))),
  };
}

/**
 * Tells the shop where its API is: `same-origin` makes it call the origin that sent the page,
 * whatever the port, instead of port 5000 of the page's host (storefront/src/adapters/http/api-base-url.ts).
 */
export function markApi(html: string, api: PageApi): string {
  const content = api === 'same-origin' ? api : api.origin;
  const meta = `<meta name="storefront-api" content="${escapeHtml(content)}" />`;
  const head = /<head[^>]*>/i.exec(html);
  if (head) return html.replace(head[0], `${head[0]}\n    ${meta}`);
  return html.replace(/^(<!doctype html>)?/i, (doctype) => `${doctype}${meta}`);
}

type Template = (
  html: string,
  head: { title: string; description: string },
  searchHead: string,
  answers: string,
  preloads: string,
) => string;

/**
 * The built page split where the render goes: `#root`, the title and the description, and after
 * them what the page tells search engines (already HTML, from the render); undefined without a `#root`.
 */
function pageTemplate(shell: string): Template | undefined {
  const root = '<div id="root"></div>';
  if (!shell.includes(root) || !shell.includes('</head>')) return undefined;
  const withoutTitle = shell.replace(/\s*<title>[^<]*<\/title>/, '').replace(/\s*<meta name="description"[^>]*>/, '');
  const [before = '', after = ''] = withoutTitle.split(root);
  const [headStart = '', headEnd = ''] = before.split('</head>');
  return (html, head, searchHead, answers, preloads) =>
    `${headStart}  <title>${escapeHtml(head.title)}</title>\n    <meta name="description" content="${escapeHtml(head.description)}" />\n` +
    `${searchHead === '' ? '' : `    ${searchHead}\n`}  </head>${headEnd}` +
    `<div id="root">${html}</div>${answers}${preloads}${after}`;
}

/** The id storefront/src/shell/main.tsx reads the page's chunks from. */
const PAGE_CHUNKS_ELEMENT_ID = 'shop-chunks';

/**
 * The page's own chunk and the chunks it imports, minus what the built page loads itself, as a
 * list storefront/src/shell/main.tsx preloads once the page has painted: beside the shop's code instead of after
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
