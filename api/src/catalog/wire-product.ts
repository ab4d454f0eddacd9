import { z } from 'zod';
import type { ProductRecord } from './catalog-repository';

/** A variant on the wire (D25, docs/products.md): price and pictures only when it has its own. */
const wireVariant = z.object({
  _id: z.string().describe('24 lowercase hex digits: what an order line names as variantId.'),
  options: z.array(z.string()).describe("One value per option of the product, in the product's option order."),
  label: z.string().describe('The values joined for people: `M / Siyah`.'),
  price: z.number().optional().describe("Dollars. Absent: the product's price (prodPrice)."),
  stock: z.int().min(0).describe('Units that can be bought now; 0 = sold out.'),
  images: z
    .array(z.string())
    .optional()
    .describe("Its own pictures (URL paths of the product's), first shown first. Absent: the product's."),
});

const wireOption = z.object({ name: z.string(), values: z.array(z.string()).describe('In display order.') });

/**
 * A product on the wire (docs/wire-format.md), the response schema of the product routes. Images
 * are `prodImg1..prodImgN` (as many as the product has), so the object is loose: those dynamic
 * keys pass; every key comes from toWireProduct below. D25 (docs/products.md) adds stock and
 * options on every answer, the variants on a product's own answer only.
 */
export const wireProduct = z
  .looseObject({
    _id: z.string(),
    prodName: z.string(),
    prodDescription: z.string().optional(),
    prodPrice: z.number().optional(),
    prodStock: z
      .int()
      .min(0)
      .optional()
      .describe('Units that can be bought now (with variants: their sum). Absent: stock not tracked (always available).'),
    prodOptions: z.array(wireOption).optional().describe('What a shopper chooses from, in display order. Absent: no variants.'),
    prodVariants: z.array(wireVariant).optional().describe('Every variant, in display order: GET /api/product/{id} only.'),
  })
  .describe('Images follow as prodImg1..prodImgN: string URL paths, position 1 first.');

export type WireVariant = z.infer<typeof wireVariant>;

/** A product as docs/wire-format.md sends it. */
export type WireProduct = {
  _id: string;
  prodName: string;
  prodDescription?: string;
  prodPrice?: number;
  prodStock?: number;
  prodOptions?: Array<{ name: string; values: string[] }>;
  prodVariants?: WireVariant[];
} & Record<`prodImg${number}`, string>;

/**
 * Absent description, price or stock are omitted, not sent as null; images become
 * prodImg1..prodImgN; options and variants when it has any (variants only when the record was read with them).
 */
export function toWireProduct(product: ProductRecord): WireProduct {
  const wire: WireProduct = { _id: product.id, prodName: product.name };
  if (product.description !== null) wire.prodDescription = product.description;
  if (product.price !== null) wire.prodPrice = product.price;
  if (product.stock !== null) wire.prodStock = product.stock;
  if (product.options.length > 0) wire.prodOptions = product.options.map((option) => ({ name: option.name, values: option.values }));
  product.images.forEach((url, index) => {
    wire[`prodImg${index + 1}`] = url;
  });
  if (product.variants !== undefined && product.variants.length > 0) {
    wire.prodVariants = product.variants.map((variant) => {
      const wired: WireVariant = { _id: variant.id, options: variant.options, label: variant.options.join(' / '), stock: variant.stock };
      if (variant.price !== null) wired.price = variant.price;
      if (variant.images !== null) wired.images = variant.images;
      return wired;
    });
  }
  return wire;
}
