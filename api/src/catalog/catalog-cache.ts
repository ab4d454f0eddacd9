import { type AnswerScope, type CatalogChange, touches } from './catalog-change';

/** A value made from the catalogue, what it was made from, and what it costs to keep. */
export interface Made<T> {
  value: T;
  scope: AnswerScope;
  /** Roughly what keeping it costs in memory. */
  bytes: number;
  /**
   * What else it was made from, but may show late (a large list's filter panel counts, costly to
   * make and read by many): a change of prices, stock, options or variants touching only this
   * does not drop the value; it is served as it is for at most `refreshWithinMs` after such a
   * change, while it is made again in the background, once at a time (see CatalogCache). Any
   * other change touching it drops the value, as one touching `scope` does.
   */
  softScope?: AnswerScope;
  refreshWithinMs?: number;
  /**
   * With a soft scope: the value after these changes of it (heard in this order, none of them
   * shown by this value), made from this value, cheaper than making it again; undefined when it
   * cannot be (then it is made again).
   */
  follow?: (changes: readonly CatalogChange[]) => Promise<Made<T> | undefined>;
}

export interface CatalogCacheOptions {
  /**
   * The most the kept values may cost together (their `bytes`); a value above a quarter of it is
   * never kept. A quarter is for values asked for once so far (see CatalogCache).
   */
  maxBytes: number;
  /** While changes cannot be heard, how long a kept value is served before it is made again. */
  staleMs: number;
  now?: () => number;
}

interface Entry {
  value: unknown;
  scope: AnswerScope;
  softScope?: AnswerScope;
  bytes: number;
  madeAt: number;
  /** For a value with a soft scope (Made.softScope): how it is made again, and for how long it may be served stale. */
  refresh?: { make: () => Promise<Made<unknown>>; withinMs: number };
  /** When a change it does not show yet was heard (or, at the latest, when its making started); undefined while it shows every change. */
  staleSince?: number;
  follow?: Made<unknown>['follow'];
  /**
   * For a value that can follow changes: the changes of its soft scope it does not show, in the
   * order heard; undefined when which ones is not known (a change heard while it was made may or
   * may not show in it), then it is made again.
   */
  unshown?: CatalogChange[];
  /** Whether it has been served since it was made: a value in use is made again as soon as a change leaves it stale. */
  served?: boolean;
}

/** Values in order of use (a Map's order is insertion order: re-inserting marks a key as recently used), and their cost. */
class Segment {
  readonly entries = new Map<string, Entry>();
  bytes = 0;

  set(key: string, entry: Entry): void {
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
  }

  delete(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.bytes -= entry.bytes;
    }
    return entry;
  }

  /** The least recently used key. */
  oldest(): string | undefined {
    return this.entries.keys().next().value;
  }
}

/**
 * Values made from the catalogue (answers, pages), kept while nothing they were made from has
 * changed: bounded by their cost, least recently used out first; a change drops exactly the values
 * it touches (catalog-change.ts). Values being made are shared by everyone asking meanwhile, and
 * a value whose making overlapped a change that touches it is handed out but not kept. While
 * changes cannot be heard (the listening connection is down), a value is served for at most
 * `staleMs` after it was made; when they can be again, everything kept is dropped.
 *
 * Bounded staleness (D25): a value made with a soft scope and `refreshWithinMs` (a large list's
 * filter panel counts, which take hundreds of milliseconds at a million products, a filtered list,
 * and the rendered pages that show them) is not dropped by a change of prices, stock, options or variants that
 * touches only its soft scope: it is marked stale and still served, while it is made again in the
 * background, one making at a time per key: at once when it has been served since it was made (a
 * value in use), else at the first read after the change (changes heard meanwhile leave it stale
 * since the first of them, and it is made once more).
 * Served stale only until `refreshWithinMs` after the change: a later reader waits for the making
 * instead. Any other change touching it (which products the list holds, the categories,
 * everything, or whatever its hard scope shows) drops it as any other value. A value that can
 * follow changes (Made.follow: a category's counts through price changes) is made from itself and
 * the changes it misses instead, when they are known: those heard since it was kept, after a
 * making that saw no change heard meanwhile or a following (a change heard while it was made
 * afresh may or may not show in it, so it is made afresh again). Such a value follows a change as
 * soon as it is heard, not at the next read (which may come past its bound and wait).
 *
 * Admission (issue 34): a new value is kept on probation, in a quarter of the bytes, and moves to
 * the long-lived rest only when it is asked for again. Values nobody asks for twice (one
 * client's stream of novel filters, offsets and search texts) only ever push each other out, never
 * the answers and pictures shoppers keep coming back to.
 */
export class CatalogCache {
  /** Values asked for once so far, in at most a quarter of maxBytes. */
  private readonly probation = new Segment();
  /** Values asked for again since they were made, in the rest. */
  private readonly proven = new Segment();
  /** The keys of the values that show each product. */
  private readonly byProduct = new Map<string, Set<string>>();
  /** The keys of values made from a list, and of those made from the categories. */
  private readonly listed = new Set<string>();
  private readonly ofCategories = new Set<string>();
  private readonly making = new Map<string, Promise<unknown>>();
  /** Stale values being made again in the background, by key: never more than one making per key. */
  private readonly refreshing = new Map<string, Promise<unknown>>();
  /** Changes heard while values were being made, by their number, with when they were heard. */
  private changes: Array<{ number: number; change: CatalogChange; at: number }> = [];
  private heard = 0;
  /** For each value being made: the number of changes heard when it started. */
  private readonly started = new Map<object, number>();
  private live = true;
  private readonly now: () => number;

  constructor(private readonly options: CatalogCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The kept value for `key` when it can be served now (the usual case: no promise), else undefined. */
  get<T>(key: string): T | undefined {
    const entry = this.proven.entries.get(key) ?? this.probation.entries.get(key);
    if (!entry) return undefined;
    if (!this.live && this.now() - entry.madeAt > this.options.staleMs) {
      this.drop(key);
      return undefined;
    }
    if (entry.staleSince !== undefined) {
      this.refreshInBackground(key, entry);
      // Past its bound a stale value is not served: the reader waits for the making (remember joins it).
      if (this.now() - entry.staleSince > entry.refresh!.withinMs) return undefined;
    }
    entry.served = true;
    // Asked for again: (re)inserted as the most recently used of the long-lived values.
    this.proven.delete(key);
    this.probation.delete(key);
    this.proven.set(key, entry);
    this.evict(this.proven, this.options.maxBytes - this.probationBytes);
    return entry.value as T;
  }

  /** Whether the value for `key` is being made now (asking for it joins that making). */
  isMaking(key: string): boolean {
    return this.making.has(key) || this.refreshing.has(key);
  }

  /** The value for `key`: kept, being made, or made now by `make`. */
  remember<T>(key: string, make: () => Promise<Made<T>>): Promise<T> {
    const kept = this.get<T>(key);
    if (kept !== undefined) return Promise.resolve(kept);
    const pending = this.refreshing.get(key) ?? this.making.get(key);
    if (pending) return pending as Promise<T>;
    const promise: Promise<T> = this.make(key, make).finally(() => {
      if (this.making.get(key) === promise) this.making.delete(key);
    });
    this.making.set(key, promise);
    return promise;
  }

  /**
   * Makes the value for `key` and keeps it, unless a change it cannot show was heard meanwhile (then
   * kept as stale, when it may be). `remake`: how it is made again (`make` may follow changes
   * instead); `followed`: whether it did, so the changes heard meanwhile are exactly those it does not show.
   */
  private make<T>(key: string, make: () => Promise<Made<T>>, remake = make, followed = () => false): Promise<T> {
    const token = {};
    this.started.set(token, this.heard);
    const madeAt = this.now();
    return make()
      .then((made) => {
        const since = this.started.get(token) ?? 0;
        const { softScope, refreshWithinMs } = made;
        const refresh =
          softScope === undefined || refreshWithinMs === undefined
            ? undefined
            : { make: remake as () => Promise<Made<unknown>>, withinMs: refreshWithinMs };
        if (this.changesSince(since, made.scope).length > 0) return made.value;
        const missed = softScope ? this.changesSince(since, softScope) : [];
        const follows = refresh !== undefined && made.follow !== undefined;
        if (missed.length === 0) this.keep(key, { ...made, madeAt, refresh, ...(follows ? { unshown: [] } : {}) });
        else if (refresh && missed.every((heard) => this.keepsStale(heard.change))) {
          // Only prices, stock, options or variants of its soft scope changed while it was made: kept, stale since the
          // first of them was heard (any change it misses was committed after its making started, so heard after that).
          // A value that followed changes shows none heard since; one made afresh may show some of them.
          const unshown = follows && followed() ? { unshown: missed.map((heard) => heard.change) } : {};
          this.keep(key, { ...made, madeAt, refresh, staleSince: missed[0]!.at, ...unshown });
        }
        return made.value;
      })
      .finally(() => {
        this.started.delete(token);
        this.forgetOldChanges();
      });
  }

  /** Makes a stale value again (following the changes it misses, when it can), unless that is under way: one making per key at a time. */
  private refreshInBackground(key: string, entry: Entry): void {
    if (this.refreshing.has(key) || !entry.refresh) return;
    const { follow, unshown } = entry;
    const remake = entry.refresh.make;
    let followed = false;
    const make =
      follow && unshown && unshown.length > 0
        ? async () => {
            const next = await follow([...unshown]).catch(() => undefined);
            if (next === undefined) return remake();
            followed = true;
            return next;
          }
        : remake;
    const promise = this.make(key, make, remake, () => followed);
    this.refreshing.set(key, promise);
    const done = () => {
      if (this.refreshing.get(key) !== promise) return false;
      this.refreshing.delete(key);
      return true;
    };
    promise.then(
      // Changes it follows heard meanwhile: followed at once, as when heard (apply).
      () => done() && this.followAtOnce(key),
      () => done(),
    );
  }

  /**
   * Follows the changes a kept value misses now, when it can (Made.follow, the changes known):
   * cheap (no recount), so not left for the next read, which may come past the value's bound and
   * would wait (a page, or counts, nobody read for a while).
   */
  private followAtOnce(key: string): void {
    const entry = this.proven.entries.get(key) ?? this.probation.entries.get(key);
    if (entry?.follow && entry.unshown && entry.unshown.length > 0) this.refreshInBackground(key, entry);
  }

  /** Whether a value whose soft scope `change` touches stays, stale: a change of prices, stock, options or variants, not of membership. */
  private keepsStale(change: CatalogChange): boolean {
    return change.kind === 'products' && !change.fields.has('membership');
  }

  /** A committed change: drops what it touches; values being made are made again for the next asker. */
  apply(change: CatalogChange): void {
    this.heard += 1;
    if (this.started.size > 0) this.changes.push({ number: this.heard, change, at: this.now() });
    this.making.clear();
    if (change.kind === 'all') {
      this.clear();
      return;
    }
    const candidates = new Set<string>(change.kind === 'categories' ? this.ofCategories : this.listed);
    if (change.kind === 'products') {
      for (const id of change.products) for (const key of this.byProduct.get(id) ?? []) candidates.add(key);
    }
    for (const key of candidates) {
      const entry = this.proven.entries.get(key) ?? this.probation.entries.get(key);
      if (!entry) continue;
      if (touches(entry.scope, change)) this.drop(key);
      else if (entry.softScope && touches(entry.softScope, change)) {
        if (entry.refresh && this.keepsStale(change)) {
          entry.staleSince ??= this.now();
          entry.unshown?.push(change);
          // In use (served since it was made): made again now, not at the next read, so readers
          // within the bound get the kept value and the remade one comes before the bound passes.
          if (entry.served) this.refreshInBackground(key, entry);
          else this.followAtOnce(key);
        } else this.drop(key);
      }
    }
  }

  /** Whether changes are heard; when they are again, any may have been missed: everything goes. */
  setLive(live: boolean): void {
    if (live && !this.live) this.clear();
    this.live = live;
    this.making.clear();
  }

  /** What the kept values cost together, and how many there are. */
  get usage(): { bytes: number; entries: number } {
    return {
      bytes: this.probation.bytes + this.proven.bytes,
      entries: this.probation.entries.size + this.proven.entries.size,
    };
  }

  private get probationBytes(): number {
    return this.options.maxBytes / 4;
  }

  private keep(key: string, entry: Entry): void {
    if (entry.bytes > this.probationBytes) return;
    this.drop(key);
    this.probation.set(key, entry);
    for (const id of scopeProducts(entry)) {
      const keys = this.byProduct.get(id) ?? new Set<string>();
      keys.add(key);
      this.byProduct.set(id, keys);
    }
    if (entry.scope.lists.length > 0 || (entry.softScope?.lists.length ?? 0) > 0) this.listed.add(key);
    if (entry.scope.categories || entry.softScope?.categories) this.ofCategories.add(key);
    this.evict(this.probation, this.probationBytes);
  }

  /** Drops `segment`'s least recently used values until it costs at most `bytes`. */
  private evict(segment: Segment, bytes: number): void {
    for (let oldest = segment.oldest(); oldest !== undefined && segment.bytes > bytes; oldest = segment.oldest()) this.drop(oldest);
  }

  private drop(key: string): void {
    const entry = this.proven.delete(key) ?? this.probation.delete(key);
    if (!entry) return;
    for (const id of scopeProducts(entry)) {
      const keys = this.byProduct.get(id);
      keys?.delete(key);
      if (keys?.size === 0) this.byProduct.delete(id);
    }
    this.listed.delete(key);
    this.ofCategories.delete(key);
  }

  private clear(): void {
    for (const segment of [this.probation, this.proven]) {
      segment.entries.clear();
      segment.bytes = 0;
    }
    this.byProduct.clear();
    this.listed.clear();
    this.ofCategories.clear();
  }

  /** The changes heard after change `number` that touch `scope`, first heard first. */
  private changesSince(number: number, scope: AnswerScope): Array<{ change: CatalogChange; at: number }> {
    return this.changes.filter((heard) => heard.number > number && touches(scope, heard.change));
  }

  /** Changes older than every value still being made can no longer matter. */
  private forgetOldChanges(): void {
    const oldest = Math.min(...this.started.values());
    this.changes = this.changes.filter((heard) => heard.number > oldest);
  }
}

/** The products an entry's value was made from, whether it shows them at once or within its bound. */
function scopeProducts(entry: Entry): readonly string[] {
  return entry.softScope ? [...entry.scope.products, ...entry.softScope.products] : entry.scope.products;
}
