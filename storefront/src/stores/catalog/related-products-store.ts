import { makeAutoObservable, observableRef } from 'mobx';
import type { Product } from '@shop/core/domain/product';
import type { CatalogGateway } from '@shop/core/ports/catalog-gateway';
import { type LoadState, settle } from '../load-state';

/**
 * A product page's related products (D25, GET /api/product/{id}/related): loaded with the product
 * before a server render (so they are in the first paint), or by the page in the browser.
 */
export class RelatedProductsStore {
  related: LoadState<Product[]> = { status: 'loading' };

  private opened: { id: string; done: Promise<void> } | undefined;

  constructor(private readonly catalog: CatalogGateway) {
    makeAutoObservable<this, 'catalog' | 'opened'>(this, { related: observableRef, catalog: false, opened: false }, { autoBind: true });
  }

  /**
   * Loads the related products of `id`, unless this store holds them or is loading them already
   * (the load before a server render, or before hydrating one, and the page's own call share one
   * request). Related products that failed to load are asked for again.
   */
  open(id: string): Promise<void> {
    if (this.opened?.id === id && this.related.status !== 'error') return this.opened.done;
    const opened: { id: string; done: Promise<void> } = { id, done: this.load(id, () => this.opened === opened) };
    this.opened = opened;
    return opened.done;
  }

  private async load(id: string, isCurrent: () => boolean): Promise<void> {
    this.related = { status: 'loading' };
    const related = await settle(this.catalog.getRelated(id));
    if (isCurrent()) this.setRelated(related);
  }

  private setRelated(related: LoadState<Product[]>): void {
    this.related = related;
  }
}
