import type { Outcome } from '@shop/core/domain/outcome';
import type { CatalogGateway } from '@shop/core/ports/catalog-gateway';

/** A catalogue call and its answer, as a server-rendered page carries them to the browser (D17). */
export type CatalogAnswer = [key: string, outcome: Outcome<unknown, string>];

type CatalogCall = keyof CatalogGateway;

/** Names one call by its method and arguments: the server and the browser build them alike. */
export function catalogCallKey(method: CatalogCall, args: readonly unknown[]): string {
  return `${method} ${JSON.stringify(args)}`;
}

/** The id of the element that carries the answers in a server-rendered page. */
export const SERVER_ANSWERS_ELEMENT_ID = 'shop-answers';

/**
 * The longest answer a page carries (characters of JSON). A larger one (the category list of a
 * shop with tens of thousands of categories) would be sent again inside every page; left out, the
 * browser asks the API for it before its first render, once, and its HTTP cache keeps it for the
 * next pages.
 */
export const MAX_CARRIED_ANSWER_CHARS = 256 * 1024;
/** No item of a list (a product, a category) is shorter in JSON: a longer list is left out without writing it out. */
const MIN_ITEM_CHARS = 16;

/**
 * The answers as a `<script type="application/json">` (data, never run): `<` is escaped, so no
 * text of a product (`</script>`, `<!--`) can end the element, and U+2028/2029 never break a line.
 * Answers longer than `maxAnswerChars` are left out (the browser's gateway asks for them).
 */
export function answersElement(answers: readonly CatalogAnswer[], maxAnswerChars = MAX_CARRIED_ANSWER_CHARS): string {
  const carried = answers
    .filter(([, outcome]) => !(outcome.ok && Array.isArray(outcome.data) && outcome.data.length * MIN_ITEM_CHARS > maxAnswerChars))
    .map((answer) => JSON.stringify(answer))
    .filter((json) => json.length <= maxAnswerChars);
  return `<script type="application/json" id="${SERVER_ANSWERS_ELEMENT_ID}">${scriptSafe(`[${carried.join(',')}]`)}</script>`;
}

/**
 * JSON made safe to stand inside a `<script>` element: `<` is escaped, so no text in it
 * (`</script>`, `<!--`) can end the element, and U+2028/2029 never break a line. It parses to the same value.
 */
export function scriptSafe(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
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
