import { makeAutoObservable, observableRef } from 'mobx';
import type { Category } from '@shop/core/domain/category';
import { buildCategoryTree, type CategoryNode } from '@shop/core/domain/category-tree';
import type { CatalogGateway } from '@shop/core/ports/catalog-gateway';
import { type LoadState, settle } from '../load-state';

/**
 * The category list, fetched once and shared by the sidebar tree and the product list (its
 * fallback when no navigation state came along). A failed fetch is retried on the next `load`.
 */
export class CategoryStore {
  state: LoadState<Category[]> = { status: 'loading' };
  /** Ids of the expanded tree entries. */
  expanded = new Set<number>();

  private pending: Promise<LoadState<Category[]>> | null = null;
  private loadedOnce = false;

  constructor(private readonly catalog: CatalogGateway) {
    makeAutoObservable<this, 'catalog' | 'pending' | 'loadedOnce'>(
      this,
      // Loaded data stays plain (replaced, never mutated): it travels on as navigation state.
      { state: observableRef, catalog: false, pending: false, loadedOnce: false },
      { autoBind: true },
    );
  }

  get tree(): CategoryNode[] {
    return this.state.status === 'loaded' ? buildCategoryTree(this.state.data) : [];
  }

  /** Fetches unless already loaded; concurrent callers share one request. */
  load(): Promise<LoadState<Category[]>> {
    if (this.loadedOnce && this.state.status === 'loaded') return Promise.resolve(this.state);
    this.pending ??= this.fetch();
    return this.pending;
  }

  toggle(categoryId: number): void {
    if (this.expanded.has(categoryId)) this.expanded.delete(categoryId);
    else this.expanded.add(categoryId);
  }

  isExpanded(categoryId: number): boolean {
    return this.expanded.has(categoryId);
  }

  private async fetch(): Promise<LoadState<Category[]>> {
    this.state = { status: 'loading' };
    const state = await settle(this.catalog.listCategories());
    this.apply(state);
    return state;
  }

  private apply(state: LoadState<Category[]>): void {
    this.state = state;
    this.loadedOnce = state.status === 'loaded';
    this.pending = null;
  }
}
