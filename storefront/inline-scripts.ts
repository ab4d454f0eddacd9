import { createHash } from 'node:crypto';

/**
 * The Content-Security-Policy sources that allow the built page's own inline scripts, by their
 * SHA-256: the first-paint script (src/first-paint.ts, D20), which must run before the first paint
 * and so is no file of its own. Any other inline script stays forbidden (no 'unsafe-inline').
 * Only plain `<script>` elements run; the page's JSON data elements have a type and are not scripts.
 */
export function inlineScriptSources(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, body = '']) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`,
  );
}
