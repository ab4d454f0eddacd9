import type { Db } from '../db/types';
import type { Collection } from './collection';
import { productImagePath } from './product-image-file';

/** A product as the catalogue writer stores it. */
export interface CatalogEntry {
  id: string;
  name: string;
  description: string | null;
  price: number | null;
  /** The categories it is linked to (leaves, usually one). */
  categoryIds: readonly number[];
  collections: readonly Collection[];
  /** Pictures at positions 1..imageCount (served by the image route). */
  imageCount: number;
  /** When it joined the catalogue, epoch milliseconds (`newest`, D18). */
  createdAt: number;
}

export interface CatalogCategory {
  categoryId: number;
  name: string;
  parentCategoryId: number | null;
}

/**
 * Upserts categories and products by their ids and replaces the images, category links and
 * collections of the products given, in one transaction; products not given are left alone.
 * Batched (arrays + unnest): a handful of statements however large the catalogue (the demo seed,
 * `npm run seed:bench`'s 10,000 products).
 */
export async function writeCatalog(db: Db, categories: readonly CatalogCategory[], products: readonly CatalogEntry[]): Promise<void> {
  const ids = products.map((product) => product.id);
  const images = products.flatMap((product) =>
    Array.from({ length: product.imageCount }, (_, index) => ({
      productId: product.id,
      position: index + 1,
      url: productImagePath(product.id, index + 1),
    })),
  );
  const links = products.flatMap((product) => product.categoryIds.map((categoryId) => ({ productId: product.id, categoryId })));
  const memberships = products.flatMap((product) => product.collections.map((collection) => ({ productId: product.id, collection })));

  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO categories (category_id, name, parent_category_id)
       SELECT * FROM unnest($1::int[], $2::text[], $3::int[])
       ON CONFLICT (category_id) DO UPDATE
         SET name = EXCLUDED.name, parent_category_id = EXCLUDED.parent_category_id`,
      [
        categories.map((category) => category.categoryId),
        categories.map((category) => category.name),
        categories.map((category) => category.parentCategoryId),
      ],
    );
    await tx.query(
      `INSERT INTO products (id, name, description, price, created_at)
       SELECT id, name, description, price, to_timestamp(created_ms / 1000.0)
       FROM unnest($1::text[], $2::text[], $3::text[], $4::numeric[], $5::float8[]) AS t (id, name, description, price, created_ms)
       ON CONFLICT (id) DO UPDATE
         SET name = EXCLUDED.name, description = EXCLUDED.description, price = EXCLUDED.price, created_at = EXCLUDED.created_at`,
      [
        ids,
        products.map((product) => product.name),
        products.map((product) => product.description),
        products.map((product) => (product.price === null ? null : product.price.toFixed(2))),
        products.map((product) => product.createdAt),
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
      [links.map((link) => link.productId), links.map((link) => link.categoryId)],
    );
    await tx.query('DELETE FROM product_collections WHERE product_id = ANY($1::text[])', [ids]);
    await tx.query(
      `INSERT INTO product_collections (product_id, collection)
       SELECT * FROM unnest($1::text[], $2::text[])`,
      [memberships.map((entry) => entry.productId), memberships.map((entry) => entry.collection)],
    );
  });
}
