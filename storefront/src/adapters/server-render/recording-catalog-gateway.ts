import type { Outcome } from '@shop/core/domain/outcome';
import type { CatalogAnswer } from './catalog-answers';
import { KeyedCatalogGateway } from './keyed-catalog-gateway';

/**
 * The server's catalogue for one render (D17): answers from `catalog` and keeps each answer, so
 * the page can carry them to the browser, whose first render then reads the same data.
 */
export class RecordingCatalogGateway extends KeyedCatalogGateway {
  private readonly recorded = new Map<string, Outcome<unknown, string>>();

  /**
   * Every call answered so far, once each, by key: the same page carries the same bytes however
   * its parallel calls happened to finish (a kept page's ETag, and the storefront tier's HTML
   * equal to the reference server's).
   */
  answers(): CatalogAnswer[] {
    return [...this.recorded].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }

  protected async answer<T extends Outcome<unknown, string>>(key: string, ask: () => Promise<T>): Promise<T> {
    const outcome = await ask();
    this.recorded.set(key, outcome);
    return outcome;
  }
}
