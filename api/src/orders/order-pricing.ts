import { lineName } from '@shop/core/domain/order';
import { shippingFeeCents } from '@shop/core/domain/shipping';
import type { ProductRecord } from '../catalog/catalog-repository';
import type { SellableVariant, StockRepository } from '../catalog/stock-repository';
import type { Db } from '../db/types';
import { DomainError } from '../domain-error';

/** A line as the client asks for it: which product (and variant), how many. Nothing else is read (no price). */
export interface RequestedLine {
  _id: string;
  variantId?: string | undefined;
  quantity: number;
}

/** A line as the server prices it, in cents, from its own catalogue. */
export interface PricedLine {
  productId: string;
  name: string;
  /** The variant sold and its label (`M / Siyah`), when the product has variants (D25). */
  variantId: string | null;
  variantLabel: string | null;
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

/** The line's name as documents and mails print it: `Basic Tişört (M / Siyah)`. */
export const pricedLineName = (line: Pick<PricedLine, 'name' | 'variantLabel'>): string =>
  lineName({ prodName: line.name, variantLabel: line.variantLabel ?? undefined });

/**
 * Prices every line from the catalogue and adds the shipping fee (D1). Integer cents, so totals
 * are exact. A product that is not in the catalogue, or has no price, refuses the whole order. A
 * product with variants is sold as one of them (D25), at the variant's price when it has one.
 */
export async function priceOrder(
  db: Db,
  catalog: ProductSource,
  stock: Pick<StockRepository, 'variantsOf'>,
  requested: readonly RequestedLine[],
): Promise<PricedOrder> {
  const lines: PricedLine[] = [];
  const ids = requested.map((line) => line._id);
  const products = await catalog.findProducts(ids);
  const variants = await stock.variantsOf(db, ids);
  for (const { _id, variantId, quantity } of requested) {
    const product = products.get(_id);
    if (!product) throw new DomainError('invalid', `Product ${_id} is not in the catalogue.`);
    const own = variants.get(_id) ?? [];
    const variant = chosenVariant(product, own, variantId);
    const price = variant?.price ?? product.price;
    if (price === null) throw new DomainError('invalid', `Product ${_id} has no price and cannot be ordered.`);
    const unitCents = Math.round(Number(price) * 100);
    lines.push({
      productId: product.id,
      name: product.name,
      variantId: variant?.id ?? null,
      variantLabel: variant ? variant.option_values.join(' / ') : null,
      unitCents,
      quantity,
      lineCents: unitCents * quantity,
    });
  }
  const productCents = lines.reduce((sum, line) => sum + line.lineCents, 0);
  const feeCents = shippingFeeCents(productCents);
  return { lines, productCents, feeCents, totalCents: productCents + feeCents };
}

/** The variant a line names: required for a product with variants, refused for one without. */
function chosenVariant(
  product: ProductRecord,
  own: readonly SellableVariant[],
  variantId: string | undefined,
): SellableVariant | undefined {
  if (own.length === 0) {
    if (variantId !== undefined) throw new DomainError('invalid', `${product.name} has no variants: leave out variantId.`);
    return undefined;
  }
  if (variantId === undefined) {
    throw new DomainError('invalid', `${product.name} comes in several variants: choose one (variantId).`);
  }
  const variant = own.find((row) => row.id === variantId);
  if (!variant) throw new DomainError('invalid', `Variant ${variantId} is not a variant of ${product.name}.`);
  return variant;
}
