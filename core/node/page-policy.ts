import { createHash } from 'node:crypto';

/**
 * The Content-Security-Policy sources that allow the built page's own inline scripts, by their
 * SHA-256: the first-paint script (storefront/src/first-paint.ts, D20), which must run before the first paint
 * and so is no file of its own. Any other inline script stays forbidden (no 'unsafe-inline').
 * Only plain `<script>` elements run; the page's JSON data elements have a type and are not scripts.
 */
export function inlineScriptSources(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, body = '']) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`,
  );
}

/** What a page may reach beyond its own origin. */
export interface PageReach {
  /** Origins its pictures come from (an API elsewhere). */
  images?: readonly string[];
  /** Origins it calls (an API elsewhere, a WebSocket). */
  connect?: readonly string[];
}

/**
 * The shop's page's Content-Security-Policy (helmet's directives), the same from either server:
 * nothing inline but the built page's own first-paint script (allowed by its hash, D20), no
 * inline style (React sets style props through the CSSOM, which CSP does not restrict), pictures
 * from this origin and the crops the client makes (data:, blob:, SPEC 2), no framing, no plugin.
 */
export function pagePolicy(shellHtml: string, reach: PageReach = {}) {
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'", ...inlineScriptSources(shellHtml)],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...(reach.images ?? [])],
      fontSrc: ["'self'"],
      connectSrc: ["'self'", ...(reach.connect ?? [])],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
  };
}
