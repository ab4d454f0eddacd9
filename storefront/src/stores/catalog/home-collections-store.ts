import { makeAutoObservable, observableShallow } from 'mobx';
import type { Collection, Product } from '@shop/core/domain/product';
import type { CatalogGateway } from '@shop/core/ports/catalog-gateway';
import { type LoadState, settle } from '../load-state';

/** The home carousels in screen order with their SPEC headings' keys (D3). */
export const HOME_COLLECTIONS: readonly Collection[] = ['new', 'popular', 'unusual', 'discounted'];

/**
 * The four home carousels, each with its own call and its own loading / error / loaded state
 * (D3). Loaded selections are kept for the session; a failed one is fetched again on return.
 */
export class HomeCollectionsStore {
  states: Record<Collection, LoadState<Product[]>> = {
    new: { status: 'loading' },
    popular: { status: 'loading' },
    unusual: { status: 'loading' },
    discounted: { status: 'loading' },
  };

  private readonly inFlight = new Set<Collection>();

  constructor(private readonly catalog: CatalogGateway) {
    // Each state is replaced, never mutated, and its products stay plain objects (they go into the cart).
    makeAutoObservable<this, 'catalog' | 'inFlight'>(
      this,
      { states: observableShallow, catalog: false, inFlight: false },
      { autoBind: true },
    );
  }

  stateOf(collection: Collection): LoadState<Product[]> {
    return this.states[collection];
  }

  load(collection: Collection): Promise<void> {
    if (this.states[collection].status === 'loaded' || this.inFlight.has(collection)) return Promise.resolve();
    this.inFlight.add(collection);
    this.states[collection] = { status: 'loading' };
    return settle(this.catalog.listProducts({ collection })).then((state) => this.apply(collection, state));
  }

  private apply(collection: Collection, state: LoadState<Product[]>): void {
    this.inFlight.delete(collection);
    this.states[collection] = state;
  }
}
