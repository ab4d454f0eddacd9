import { z } from 'zod';
import type { ProductRecord } from './catalog-repository';

/**
 * A product on the wire (docs/wire-format.md), the response schema of the product routes. Images
 * are `prodImg1..prodImgN` (as many as the product has), so the object is loose: those dynamic
 * keys pass; every key comes from toWireProduct below.
 */
export const wireProduct = z
  .looseObject({ _id: z.string(), prodName: z.string(), prodDescription: z.string().optional(), prodPrice: z.number().optional() })
  .describe('Images follow as prodImg1..prodImgN: string URL paths, position 1 first.');

/** A product as docs/wire-format.md sends it. */
export type WireProduct = {
  _id: string;
  prodName: string;
  prodDescription?: string;
  prodPrice?: number;
} & Record<`prodImg${number}`, string>;

/** Absent description or price are omitted, not sent as null; images become prodImg1..prodImgN. */
export function toWireProduct(product: ProductRecord): WireProduct {
  const wire: WireProduct = { _id: product.id, prodName: product.name };
  if (product.description !== null) wire.prodDescription = product.description;
  if (product.price !== null) wire.prodPrice = product.price;
  product.images.forEach((url, index) => {
    wire[`prodImg${index + 1}`] = url;
  });
  return wire;
}
