import type { Db } from '../db/types';
import { demoCategories, demoProducts } from '../../../demo/demo-catalog';
import { productIdFromSlug } from '../../../demo/product-id';
import { productImagePath } from './product-image-file';

/**
 * Writes the demo catalogue. Idempotent: categories and products are upserted by their stable
 * ids, and the images, category links and collections of the demo products are replaced, so a
 * second run changes nothing and a later catalogue version adds or updates without duplicates.
 * Products that are not part of the demo catalogue are left alone. Batched (arrays + unnest) so
 * the whole seed is a handful of statements in one transaction.
 */
export async function seedCatalog(db: Db): Promise<void> {
  const products = demoProducts.map((product) => ({ ...product, id: productIdFromSlug(product.slug) }));
  const ids = products.map((product) => product.id);
  const images = products.flatMap((product) =>
    Array.from({ length: product.imageCount }, (_, index) => ({
      productId: product.id,
      position: index + 1,
      url: productImagePath(product.id, index + 1),
    })),
  );
  const memberships = products.flatMap((product) => product.collections.map((collection) => ({ productId: product.id, collection })));

  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO categories (category_id, name, parent_category_id)
       SELECT * FROM unnest($1::int[], $2::text[], $3::int[])
       ON CONFLICT (category_id) DO UPDATE
         SET name = EXCLUDED.name, parent_category_id = EXCLUDED.parent_category_id`,
      [
        demoCategories.map((category) => category.categoryId),
        demoCategories.map((category) => category.name),
        demoCategories.map((category) => category.parentCategoryId),
      ],
    );
    await tx.query(
      `INSERT INTO products (id, name, description, price)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::numeric[])
       ON CONFLICT (id) DO UPDATE
         SET name = EXCLUDED.name, description = EXCLUDED.description, price = EXCLUDED.price`,
      [
        ids,
        products.map((product) => product.name),
        products.map((product) => product.description),
        products.map((product) => (product.price === null ? null : product.price.toFixed(2))),
      ],
    );
    await tx.query('DELETE FROM product_images WHERE product_id = ANY($1::text[])', [ids]);
    await tx.query(
      `INSERT INTO product_images (product_id, position, url)
       SELECT * FROM unnest($1::text[], $2::int[], $3::text[])`,
      [images.map((image) => image.productId), images.map((image) => image.position), images.map((image) => image.url)],
    );
    await tx.query('DELETE FROM product_categories WHERE product_id = ANY($1::text[])', [ids]);
    await tx.query(
      `INSERT INTO product_categories (product_id, category_id)
       SELECT * FROM unnest($1::text[], $2::int[])`,
      [ids, products.map((product) => product.categoryId)],
    );
    await tx.query('DELETE FROM product_collections WHERE product_id = ANY($1::text[])', [ids]);
    await tx.query(
      `INSERT INTO product_collections (product_id, collection)
       SELECT * FROM unnest($1::text[], $2::text[])`,
      [memberships.map((entry) => entry.productId), memberships.map((entry) => entry.collection)],
    );
  });
}
