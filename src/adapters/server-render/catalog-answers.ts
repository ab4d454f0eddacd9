import type { Outcome } from '../../domain/outcome';
import type { CatalogGateway } from '../../ports/catalog-gateway';

/** A catalogue call and its answer, as a server-rendered page carries them to the browser (D17). */
export type CatalogAnswer = [key: string, outcome: Outcome<unknown>];

type CatalogCall = keyof CatalogGateway;

/** Names one call by its method and arguments: the server and the browser build them alike. */
export function catalogCallKey(method: CatalogCall, args: readonly unknown[]): string {
  return `${method} ${JSON.stringify(args)}`;
}

/** The id of the element that carries the answers in a server-rendered page. */
export const SERVER_ANSWERS_ELEMENT_ID = 'shop-answers';

/**
 * The answers as a `<script type="application/json">` (data, never run): `<` is escaped, so no
 * text of a product (`</script>`, `<!--`) can end the element, and U+2028/2029 never break a line.
 */
export function answersElement(answers: readonly CatalogAnswer[]): string {
  const json = JSON.stringify(answers)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${SERVER_ANSWERS_ELEMENT_ID}">${json}</script>`;
}

/** The answers a server-rendered page carries; none when it carries none or they cannot be read. */
export function readAnswers(text: string | null | undefined): CatalogAnswer[] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter(isAnswer) : [];
  } catch {
    return [];
  }
}

function isAnswer(entry: unknown): entry is CatalogAnswer {
  return (
    Array.isArray(entry) &&
    entry.length === 2 &&
    typeof entry[0] === 'string' &&
    typeof entry[1] === 'object' &&
    entry[1] !== null &&
    typeof (entry[1] as { ok?: unknown }).ok === 'boolean'
  );
}
