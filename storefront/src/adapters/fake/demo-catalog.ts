import { demoCategories as categories, demoProducts as products, demoVariantsOf } from '@shop/core/demo/demo-catalog';
import { productIdFromSlug } from '@shop/core/demo/product-id';
import { renderProductImageSvg } from '@shop/core/demo/product-image-svg';
import type { Category } from '@shop/core/domain/category';
import type { Collection, Product, ProductVariant } from '@shop/core/domain/product';

/** A catalogue product plus what the fake server filters by: its category and home collections. */
export interface DemoProduct extends Product {
  categoryId: number;
  collections: Collection[];
  /** When it was added (ms), for the `newest` order (D18); 0 when not given. */
  createdAt?: number;
}

const DEMO_EPOCH = Date.parse('2026-01-01T00:00:00Z');
const HOUR = 3_600_000;

/**
 * The server's demo catalogue (core/demo/catalog.json) as the catalogue port answers it: the same
 * categories, products, ids, prices and collections. Pictures are the server's own drawings
 * (core/demo/product-image-svg.ts), as data: URLs instead of /images/products/{id}-{n}.webp.
 */
export const demoCategories: Category[] = categories
  .map(({ categoryId, name, parentCategoryId }) => ({ categoryId, categoryName: name, parentCategoryId }))
  // The server lists categories by id.
  .sort((a, b) => a.categoryId - b.categoryId);

// The server lists products by name in Turkish collation, then by id.
const byName = new Intl.Collator('tr', { sensitivity: 'variant' });

export const demoProducts: DemoProduct[] = products
  .map((seed, index) => {
    const product: DemoProduct = {
      _id: productIdFromSlug(seed.slug),
      prodName: seed.name,
      images: Array.from({ length: seed.imageCount }, (_, index) =>
        svgDataUrl(renderProductImageSvg({ productName: seed.name, categoryId: seed.categoryId, position: index + 1, icon: seed.icon })),
      ),
      categoryId: seed.categoryId,
      collections: [...seed.collections],
      // As the server's seed dates them: an hour apart in file order, the 'new' collection latest.
      createdAt: DEMO_EPOCH + (index + (seed.collections.includes('new') ? products.length : 0)) * HOUR,
    };
    // The server omits an absent description or price (docs/wire-format.md); so does the port.
    if (seed.description !== null) product.prodDescription = seed.description;
    if (seed.price !== null) product.prodPrice = seed.price;
    // D25 (docs/products.md): a product with variants has their stock's sum; one without, its own or none (untracked).
    const variants = demoVariantsOf(seed);
    if (seed.options && variants.length > 0) {
      product.prodOptions = seed.options.map((option) => ({ name: option.name, values: [...option.values] }));
      product.prodVariants = variants.map((variant) => {
        const wire: ProductVariant = { _id: variant.id, options: [...variant.options], label: variant.label, stock: variant.stock };
        if (variant.price !== undefined) wire.price = variant.price;
        if (variant.images) wire.images = variant.images.flatMap((position) => product.images[position - 1] ?? []);
        return wire;
      });
      product.prodStock = variants.reduce((sum, variant) => sum + variant.stock, 0);
    } else if (seed.stock !== undefined) {
      product.prodStock = seed.stock;
    }
    return product;
  })
  .sort((a, b) => byName.compare(a.prodName, b.prodName) || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));

function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The product as the catalogue port answers it: without the fake's filter fields. */
export function toProduct({ categoryId: _categoryId, collections: _collections, createdAt: _createdAt, ...product }: DemoProduct): Product {
  return {
    ...product,
    images: [...product.images],
    ...(product.prodOptions ? { prodOptions: product.prodOptions.map((option) => ({ ...option, values: [...option.values] })) } : {}),
    ...(product.prodVariants ? { prodVariants: product.prodVariants.map(copyVariant) } : {}),
  };
}

function copyVariant(variant: ProductVariant): ProductVariant {
  return { ...variant, options: [...variant.options], ...(variant.images ? { images: [...variant.images] } : {}) };
}
