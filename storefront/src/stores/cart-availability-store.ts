import { makeAutoObservable, observableRef } from 'mobx';
import { type LineAvailability, lineAvailability } from '@shop/core/domain/cart-availability';
import type { CartItem } from '@shop/core/domain/cart-item';
import type { Product } from '@shop/core/domain/product';
import type { CatalogGateway } from '@shop/core/ports/catalog-gateway';

/** What the catalogue answered of one product of the cart: null when it has it no more. */
type ProductCheck = { status: 'checking' } | { status: 'unknown' } | { status: 'checked'; product: Product | null };

/**
 * A cart line as checked against the catalogue: still being asked about, not known (the catalogue
 * could not answer: nothing is said, the server checks again when the order is placed), or known.
 */
export type LineCheck = { status: 'checking' } | { status: 'unknown' } | { status: 'checked'; availability: LineAvailability };

/**
 * Whether the cart's lines can still be bought as they stand (D25): the cart page asks the
 * catalogue for the product of each line (once per product, however many of its variants are in
 * the cart) whenever it opens, and marks what is sold out, short or gone. The catalogue's answers
 * are cached by the browser for a minute, so opening the cart again costs no request. Answers
 * already had stay shown while they are asked for again.
 */
export class CartAvailabilityStore {
  private products: ReadonlyMap<string, ProductCheck> = new Map();

  constructor(
    private readonly catalog: Pick<CatalogGateway, 'getProduct'>,
    private readonly cart: { readonly items: readonly CartItem[] },
  ) {
    makeAutoObservable<this, 'catalog' | 'cart' | 'products'>(
      this,
      { catalog: false, cart: false, products: observableRef },
      { autoBind: true },
    );
  }

  /** Asks the catalogue for every product in the cart now. */
  async check(): Promise<void> {
    const ids = [...new Set(this.cart.items.map((item) => item._id))];
    await Promise.all(ids.map((id) => this.checkProduct(id)));
  }

  /** What is known of a line. */
  lineCheck(item: CartItem): LineCheck {
    const check = this.products.get(item._id);
    if (!check || check.status === 'checking') return { status: 'checking' };
    if (check.status === 'unknown') return { status: 'unknown' };
    return { status: 'checked', availability: lineAvailability(item, check.product) };
  }

  private async checkProduct(id: string): Promise<void> {
    if (!this.products.has(id)) this.setProduct(id, { status: 'checking' });
    const outcome = await this.catalog.getProduct(id);
    if (outcome.ok) this.setProduct(id, { status: 'checked', product: outcome.data });
    else if (outcome.kind === 'rejected' && outcome.reason === 'not-found') this.setProduct(id, { status: 'checked', product: null });
    else this.setProduct(id, { status: 'unknown' });
  }

  private setProduct(id: string, check: ProductCheck): void {
    this.products = new Map(this.products).set(id, check);
  }
}
