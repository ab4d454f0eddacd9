import { scriptSafe } from './catalog-answers';

/** What a server-rendered page tells search engines in its head (D25). */
export interface SearchHead {
  /** The page's one address (absolute), whatever the URL it was asked by. */
  canonical?: string;
  /** schema.org JSON-LD documents. */
  structuredData: readonly object[];
}

/**
 * The head's elements for `head`: a `<link rel="canonical">` and a `<script type="application/ld+json">`
 * per document. JSON-LD is data, which the page's Content-Security-Policy lets be (no script of it
 * runs); `<` is escaped in it, so no text of a product can end the element.
 */
export function searchHeadElements({ canonical, structuredData }: SearchHead): string {
  const link = canonical === undefined ? '' : `<link rel="canonical" href="${escapeAttribute(canonical)}" />`;
  const scripts = structuredData.map((data) => `<script type="application/ld+json">${scriptSafe(JSON.stringify(data))}</script>`);
  return [link, ...scripts].filter((element) => element !== '').join('\n    ');
}

function escapeAttribute(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
