import type { Outcome } from '@shop/core/domain/outcome';
import type { CatalogGateway } from '@shop/core/ports/catalog-gateway';
import type { CatalogAnswer } from './catalog-answers';
import { KeyedCatalogGateway } from './keyed-catalog-gateway';

/**
 * The browser's catalogue when the page was rendered on the server (D17): a call the server
 * answered for that render is answered from the page, once, with no request, so hydration reads
 * exactly what the server rendered; every other call (and the same call later) goes to `catalog`.
 */
export class PrimedCatalogGateway extends KeyedCatalogGateway {
  private readonly primed: Map<string, Outcome<unknown, string>>;

  constructor(catalog: CatalogGateway, answers: readonly CatalogAnswer[]) {
    super(catalog);
    this.primed = new Map(answers);
  }

  /** The server's answer to `key`, handed out once. Its shape is the port's: the server's gateway made it. */
  protected answer<T extends Outcome<unknown, string>>(key: string, ask: () => Promise<T>): Promise<T> {
    const outcome = this.primed.get(key);
    if (outcome === undefined) return ask();
    this.primed.delete(key);
    return Promise.resolve(outcome as T);
  }
}
