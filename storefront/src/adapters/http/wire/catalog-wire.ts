import { z } from 'zod/mini';
import { wireId } from './wire-text';
import type { Category } from '@shop/core/domain/category';
import type { Product, ProductOption, ProductVariant } from '@shop/core/domain/product';

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
  // D25: read when well formed, else left out (as a product without them), like every field here.
  const stock = wireStock.safeParse(wire.prodStock);
  if (stock.success) product.prodStock = stock.data;
  const options = wireOptionsSchema.safeParse(wire.prodOptions);
  if (options.success && options.data.length > 0) product.prodOptions = options.data.map(toOption);
  const variants = wireVariantsSchema.safeParse(wire.prodVariants);
  if (variants.success) product.prodVariants = variants.data.map((variant) => toVariant(variant, baseUrl));
  return product;
}

/** Units in stock: a whole number from 0. */
const wireStock = z.int().check(z.minimum(0));

const wireOptionsSchema = z.array(z.object({ name: wireId, values: z.array(z.string()).check(z.minLength(1)) }));

const wireVariantsSchema = z.array(
  z.object({
    _id: wireId,
    options: z.array(z.string()).check(z.minLength(1)),
    label: z.string(),
    price: z.nullish(z.number().check(z.minimum(0))),
    stock: wireStock,
    images: z.nullish(z.array(z.string())),
  }),
);

function toOption(wire: z.infer<typeof wireOptionsSchema>[number]): ProductOption {
  return { name: wire.name, values: [...wire.values] };
}

function toVariant(wire: z.infer<typeof wireVariantsSchema>[number], baseUrl: string): ProductVariant {
  const variant: ProductVariant = { _id: wire._id, options: [...wire.options], label: wire.label, stock: wire.stock };
  if (wire.price != null) variant.price = wire.price;
  const images = wire.images?.filter((image) => image.trim() !== '').map((image) => resolveImageUrl(image, baseUrl));
  if (images && images.length > 0) variant.images = images;
  return variant;
}

export function toCategory(wire: z.infer<typeof wireCategorySchema>): Category {
  return { categoryId: wire.categoryId, categoryName: wire.categoryName, parentCategoryId: wire.parentCategoryId };
}
