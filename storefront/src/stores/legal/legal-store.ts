import { makeAutoObservable, observableRef } from 'mobx';
import type { LegalTexts, Seller } from '@shop/core/domain/legal';
import type { Outcome } from '@shop/core/domain/outcome';
import type { CatalogGateway } from '@shop/core/ports/catalog-gateway';
import { type LoadState, settle } from '../load-state';

/** One answer fetched once and kept; concurrent callers share a request, a failure is asked again on the next `load`. */
class Loaded<T> {
  state: LoadState<T> = { status: 'loading' };
  private pending: Promise<LoadState<T>> | null = null;

  constructor(private readonly fetch: () => Promise<Outcome<T>>) {
    makeAutoObservable<this, 'fetch' | 'pending'>(this, { state: observableRef, fetch: false, pending: false }, { autoBind: true });
  }

  load(): Promise<LoadState<T>> {
    if (this.state.status === 'loaded') return Promise.resolve(this.state);
    this.pending ??= this.run();
    return this.pending;
  }

  private async run(): Promise<LoadState<T>> {
    this.state = { status: 'loading' };
    const state = await settle(this.fetch());
    this.apply(state);
    return state;
  }

  private apply(state: LoadState<T>): void {
    this.state = state;
    this.pending = null;
  }
}

/**
 * The shop's legal texts (D24): the seller for the footer of every page, and the privacy notice
 * and contract templates for /privacy and /terms. Both come from GET /api/legal; the footer asks
 * only for the seller, so a server-rendered page carries the long texts only where they show.
 */
export class LegalStore {
  readonly seller: Loaded<Seller>;
  readonly texts: Loaded<LegalTexts>;

  constructor(catalog: CatalogGateway) {
    this.seller = new Loaded(() => catalog.getSeller());
    this.texts = new Loaded(() => catalog.getLegalTexts());
  }
}
