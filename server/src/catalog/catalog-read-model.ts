import type { Db } from '../db/types';
import { CatalogRepository } from './catalog-repository';
import { CatalogSnapshot } from './catalog-snapshot';

/** Where migration 110_catalog_version notifies every catalogue change. */
export const CATALOG_CHANGED_CHANNEL = 'catalog_changed';

/**
 * The catalogue, read from the database once per version and served from memory
 * (docs/performance.md). A trigger on every catalogue table bumps `catalog_version` and
 * notifies `catalog_changed`; the model LISTENs, and the first read after a notification
 * compares the version and reloads only when it moved. While the listening connection is down
 * (PostgreSQL), nothing can be taken for unchanged: every read compares the version.
 *
 * Reads that overlap share one database round trip, and a read never gets a snapshot older
 * than the last notification it could have seen.
 */
export class CatalogReadModel {
  private readonly repository: CatalogRepository;
  private snapshot: CatalogSnapshot | undefined;
  /** Bumped by every notification (and every read while not listening). */
  private generation = 0;
  /** The generation the snapshot is known to be current for. */
  private checkedGeneration = -1;
  private live = true;
  private refreshing: { generation: number; done: Promise<CatalogSnapshot> } | undefined;
  private stopListening: (() => Promise<void>) | undefined;

  constructor(private readonly db: Db) {
    this.repository = new CatalogRepository(db);
  }

  /** Starts listening for changes; the first read loads the catalogue. */
  async start(): Promise<void> {
    this.stopListening = await this.db.listen(CATALOG_CHANGED_CHANNEL, {
      onNotify: () => {
        this.generation += 1;
      },
      onLive: (live) => {
        this.live = live;
        this.generation += 1;
      },
    });
  }

  async stop(): Promise<void> {
    await this.stopListening?.();
    this.stopListening = undefined;
  }

  /**
   * The catalogue when it is known to be current without asking the database (the usual case:
   * loaded, listening, no notification since), else undefined: then `current()`.
   */
  fresh(): CatalogSnapshot | undefined {
    return this.live && this.checkedGeneration >= this.generation ? this.snapshot : undefined;
  }

  /** The current catalogue. */
  async current(): Promise<CatalogSnapshot> {
    if (!this.live) this.generation += 1;
    const wanted = this.generation;
    for (;;) {
      if (this.snapshot && this.checkedGeneration >= wanted) return this.snapshot;
      if (this.refreshing && this.refreshing.generation >= wanted) return this.refreshing.done;
      if (this.refreshing) {
        // Started before a change this read must see: wait for it, then check again.
        await this.refreshing.done.catch(() => undefined);
        continue;
      }
      const generation = this.generation;
      const done = this.refresh(generation).finally(() => {
        this.refreshing = undefined;
      });
      this.refreshing = { generation, done };
      return done;
    }
  }

  private async refresh(generation: number): Promise<CatalogSnapshot> {
    let snapshot = this.snapshot;
    if (!snapshot || (await this.repository.version()) !== snapshot.version) {
      snapshot = new CatalogSnapshot(await this.repository.readAll());
      this.snapshot = snapshot;
    }
    this.checkedGeneration = generation;
    return snapshot;
  }
}
