/**
 * The store of the page on screen, by what the page shows (a product id, a category): the same
 * store for the same key, a new one for another. So the page's data loaded ahead of the first
 * render (on the server, and in the browser before hydrating a server-rendered page, D17) is the
 * data that render reads, and a page never shows the previous product while the next one loads.
 * Only the latest page's store is kept.
 */
export class PageStores<S> {
  private current: { key: string; store: S } | undefined;

  constructor(private readonly create: () => S) {}

  /** The store for `key`: the kept one when it is for `key`, else a new one (which is kept). */
  forKey(key: string): S {
    if (this.current?.key !== key) this.current = { key, store: this.create() };
    return this.current.store;
  }
}
