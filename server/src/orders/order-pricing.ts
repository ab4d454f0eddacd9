import type { ProductRecord } from '../catalog/catalog-repository';
import { DomainError } from '../domain-error';
import { shippingFeeCents } from './shipping-policy';

/** A line as the client asks for it: which product, how many. Nothing else is read (no price). */
export interface RequestedLine {
  _id: string;
  quantity: number;
}

/** A line as the server prices it, in cents, from its own catalogue. */
export interface PricedLine {
  productId: string;
  name: string;
  unitCents: number;
  quantity: number;
  lineCents: number;
}

export interface PricedOrder {
  lines: PricedLine[];
  productCents: number;
  feeCents: number;
  totalCents: number;
}

/** The catalogue read the pricing needs (CatalogRepository answers it). */
export interface ProductSource {
  findProducts(ids: readonly string[]): Promise<Map<string, ProductRecord>>;
}

/**
 * Prices every line from the catalogue and adds the shipping fee (D1). Integer cents, so totals
 * are exact. A product that is not in the catalogue, or has no price, refuses the whole order.
 */
export async function priceOrder(catalog: ProductSource, requested: readonly RequestedLine[]): Promise<PricedOrder> {
  const lines: PricedLine[] = [];
  const products = await catalog.findProducts(requested.map((line) => line._id));
  for (const { _id, quantity } of requested) {
    const product = products.get(_id);
    if (!product) throw new DomainError('invalid', `Product ${_id} is not in the catalogue.`);
    if (product.price === null) throw new DomainError('invalid', `Product ${_id} has no price and cannot be ordered.`);
    const unitCents = Math.round(product.price * 100);
    lines.push({ productId: product.id, name: product.name, unitCents, quantity, lineCents: unitCents * quantity });
  }
  const productCents = lines.reduce((sum, line) => sum + line.lineCents, 0);
  const feeCents = shippingFeeCents(productCents);
  return { lines, productCents, feeCents, totalCents: productCents + feeCents };
}
