import { z } from 'zod/mini';
import { wireId } from './wire-text';
import type { Category } from '../../../domain/category';
import type { Product } from '../../../domain/product';

/**
 * A product on the wire: fixed fields plus prodImg1..prodImgN. The object is loose so the
 * image keys survive parsing; they are picked out in `toProduct`.
 */
export const wireProductSchema = z.looseObject({
  _id: wireId,
  prodName: z.string(),
  prodDescription: z.nullish(z.string()),
  prodPrice: z.nullish(z.number()),
});

export type WireProduct = z.infer<typeof wireProductSchema>;

export const wireProductListSchema = z.array(wireProductSchema);

export const wireCategorySchema = z.object({
  categoryId: z.number(),
  categoryName: z.string(),
  parentCategoryId: z.nullable(z.number()),
});

export const wireCategoryListSchema = z.array(wireCategorySchema);

const IMAGE_KEY = /^prodImg(\d+)$/;

/** Resolves a server path (`/images/products/x.jpg`, D10) against the API base URL; absolute URLs stay. */
export function resolveImageUrl(path: string, baseUrl: string): string {
  try {
    return new URL(path, `${baseUrl}/`).toString();
  } catch {
    return path;
  }
}

/** Images in numeric order of their key (prodImg2 before prodImg10); gaps and empty values skipped. */
export function toProduct(wire: WireProduct, baseUrl: string): Product {
  const images = Object.entries(wire)
    .flatMap(([key, value]) => {
      const match = IMAGE_KEY.exec(key);
      return match && typeof value === 'string' && value.trim() !== '' ? [{ index: Number(match[1]), value }] : [];
    })
    .sort((a, b) => a.index - b.index)
    .map(({ value }) => resolveImageUrl(value, baseUrl));
  const product: Product = { _id: wire._id, prodName: wire.prodName, images };
  if (wire.prodDescription != null) product.prodDescription = wire.prodDescription;
  if (wire.prodPrice != null) product.prodPrice = wire.prodPrice;
  return product;
}

export function toCategory(wire: z.infer<typeof wireCategorySchema>): Category {
  return { categoryId: wire.categoryId, categoryName: wire.categoryName, parentCategoryId: wire.parentCategoryId };
}
