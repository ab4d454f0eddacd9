import type { ProductRecord } from './catalog-repository';

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
