import type { Db } from '../db/types';
import { demoCategories, demoProducts, demoVariantsOf } from '@shop/core/demo/demo-catalog';
import { productIdFromSlug } from '@shop/core/demo/product-id';
import { writeCatalog } from './write-catalog';

/** The demo products' creation times start here, an hour apart in catalogue order. */
const DEMO_EPOCH = Date.parse('2026-01-01T00:00:00Z');
const HOUR = 3_600_000;

/**
 * Writes the demo catalogue. Idempotent: categories and products are upserted by their stable
 * ids, and the images, category links, collections, options and variants of the demo products are
 * replaced (stock already stored is kept: orders take it, writeCatalog), so a
 * second run changes nothing and a later catalogue version adds or updates without duplicates.
 * Products that are not part of the demo catalogue are left alone. Creation times are
 * deterministic: an hour apart in the catalogue's order, the "new" collection after all others,
 * so `newest` shows the new arrivals first.
 */
export async function seedCatalog(db: Db): Promise<void> {
  await writeCatalog(
    db,
    demoCategories,
    demoProducts.map((product, index) => ({
      id: productIdFromSlug(product.slug),
      name: product.name,
      description: product.description,
      price: product.price,
      categoryIds: [product.categoryId],
      collections: product.collections,
      imageCount: product.imageCount,
      createdAt: DEMO_EPOCH + (index + (product.collections.includes('new') ? demoProducts.length : 0)) * HOUR,
      stock: product.stock ?? null,
      options: product.options ?? [],
      variants: demoVariantsOf(product).map((variant) => ({
        id: variant.id,
        optionValues: variant.options,
        price: variant.price ?? null,
        stock: variant.stock,
        imagePositions: variant.images ?? null,
      })),
    })),
  );
}
