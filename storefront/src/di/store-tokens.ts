import type { ServiceIdentifier } from 'inversify';
import type { PageStores } from '../stores/page-stores';

/**
 * Tokens, one naming scheme: `<area>.<name>`, the area being the module's token object
 * (`CORE.session` is `core.session`, `CATALOG_PAGES.productList` is `catalogPages.productList`,
 * `PORT.clock` is `port.clock`). A token's type says how long what it names lives:
 *
 * - `shared<T>()`: one per container (a port's adapter, the session, the cart, the address book);
 * - `perScreen<T, A>()`: one per mounted screen, made from `A` (a form: its typed passwords go
 *   with the screen); the container holds its factory;
 * - `perKey<T>()`: one per key the page shows (a product id, a category), the latest kept, so
 *   the store loaded before a server render is the one that render reads (D17); the container
 *   holds its `PageStores`.
 *
 * Views read any of them with `useStore(token, ...)` (react.tsx).
 */
declare const holds: unique symbol;

/** What a token's binding holds, known to the compiler only. */
export interface Lifetime<Bound> {
  readonly [holds]?: Bound;
}

/** Makes one store of a screen from what the screen passes (`void`: nothing). */
export type ScreenFactory<T, A = void> = (arg: A) => T;

export type SharedToken<T> = ServiceIdentifier<T>;
export type ScreenToken<T, A = void> = ServiceIdentifier<ScreenFactory<T, A>>;
export type KeyedToken<T> = ServiceIdentifier<PageStores<T>>;

export const shared = <T>(): Lifetime<T> => ({});
export const perScreen = <T, A = void>(): Lifetime<ScreenFactory<T, A>> => ({});
export const perKey = <T>(): Lifetime<PageStores<T>> => ({});

type Tokens<L> = { readonly [Name in keyof L]: L[Name] extends Lifetime<infer Bound> ? ServiceIdentifier<Bound> : never };

/** The tokens of `area`, named `<area>.<name>`. */
export function tokens<L extends Record<string, Lifetime<unknown>>>(area: string, lifetimes: L): Tokens<L> {
  return Object.fromEntries(Object.keys(lifetimes).map((name) => [name, Symbol.for(`${area}.${name}`)])) as Tokens<L>;
}
