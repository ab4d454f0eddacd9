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
  /** Units in stock of a product without variants (D25); null or absent: not tracked. */
  stock?: number | null;
  /** Its options in display order (D25); absent or empty: none. */
  options?: readonly CatalogOption[];
  /** Its variants in display order (D25); the product's stock is their sum. */
  variants?: readonly CatalogVariant[];
}

export interface CatalogOption {
  name: string;
  values: readonly string[];
}

export interface CatalogVariant {
  /** 24 lowercase hex digits. */
  id: string;
  /** One value per option, in option order. */
  optionValues: readonly string[];
  /** Dollars; null or absent: the product's price. */
  price?: number | null;
  stock: number;
  /** Which of the product's pictures, first shown first; null or absent: the product's. */
  imagePositions?: readonly number[] | null;
}

export interface CatalogCategory {
  categoryId: number;
  name: string;
  parentCategoryId: number | null;
}

/**
 * Upserts categories and products by their ids and replaces the images, category links,
 * collections, options and variants of the products given, in one transaction; products not given
 * are left alone. Stock is the shop's own (orders take it): a product or variant already stored
 * keeps its stock, one new to the database gets the given one (D25); a product given without
 * stock is untracked. Batched (arrays + unnest, JSON for the nested options and variants): a
 * handful of statements however large the catalogue (the demo seed, `npm run seed:bench`'s
 * 10,000 products).
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
      `INSERT INTO products (id, name, description, price, created_at, stock)
       SELECT id, name, description, price, to_timestamp(created_ms / 1000.0), stock
       FROM unnest($1::text[], $2::text[], $3::text[], $4::numeric[], $5::float8[], $6::int[]) AS t (id, name, description, price, created_ms, stock)
       ON CONFLICT (id) DO UPDATE
         SET name = EXCLUDED.name, description = EXCLUDED.description, price = EXCLUDED.price, created_at = EXCLUDED.created_at,
             stock = CASE WHEN EXCLUDED.stock IS NULL THEN NULL ELSE coalesce(products.stock, EXCLUDED.stock) END`,
      [
        ids,
        products.map((product) => product.name),
        products.map((product) => product.description),
        products.map((product) => (product.price === null ? null : product.price.toFixed(2))),
        products.map((product) => product.createdAt),
        products.map(entryStock),
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
    await writeVariants(tx, products);
  });
}

/** The stock a product is written with: its variants' sum, its own, or null (untracked). */
function entryStock(product: CatalogEntry): number | null {
  if (product.variants && product.variants.length > 0) return product.variants.reduce((sum, variant) => sum + variant.stock, 0);
  return product.stock ?? null;
}

/**
 * Replaces the options and variants of the products given; a variant already stored (by id)
 * keeps its stock. The variants' trigger (150_product_variants) keeps each product's stock their sum.
 */
async function writeVariants(tx: Db, products: readonly CatalogEntry[]): Promise<void> {
  const ids = products.map((product) => product.id);
  const options = products.flatMap((product) =>
    (product.options ?? []).map((option, index) => ({
      product_id: product.id,
      position: index + 1,
      name: option.name,
      option_values: option.values,
    })),
  );
  const variants = products.flatMap((product) =>
    (product.variants ?? []).map((variant, index) => ({
      id: variant.id,
      product_id: product.id,
      position: index + 1,
      option_values: variant.optionValues,
      price: variant.price ?? null,
      stock: variant.stock,
      image_positions: variant.imagePositions ?? null,
    })),
  );
  const { rows: stored } = await tx.query<{ id: string; stock: number }>(
    'SELECT id, stock FROM product_variants WHERE product_id = ANY($1::text[])',
    [ids],
  );
  const storedStock = new Map(stored.map((row) => [row.id, row.stock]));
  await tx.query('DELETE FROM product_options WHERE product_id = ANY($1::text[])', [ids]);
  if (options.length > 0) {
    await tx.query(
      `INSERT INTO product_options (product_id, position, name, option_values)
       SELECT o.product_id, o.position, o.name, ARRAY(SELECT jsonb_array_elements_text(o.option_values))
       FROM jsonb_to_recordset($1::jsonb) AS o (product_id text, position int, name text, option_values jsonb)`,
      [JSON.stringify(options)],
    );
  }
  if (stored.length > 0) await tx.query('DELETE FROM product_variants WHERE product_id = ANY($1::text[])', [ids]);
  if (variants.length > 0) {
    await tx.query(
      `INSERT INTO product_variants (id, product_id, position, option_values, price, stock, image_positions)
       SELECT v.id, v.product_id, v.position, ARRAY(SELECT jsonb_array_elements_text(v.option_values)), v.price, v.stock,
              CASE WHEN v.image_positions IS NULL OR jsonb_typeof(v.image_positions) = 'null' THEN NULL
                   ELSE ARRAY(SELECT jsonb_array_elements_text(v.image_positions)::int) END
       FROM jsonb_to_recordset($1::jsonb)
         AS v (id text, product_id text, position int, option_values jsonb, price numeric, stock int, image_positions jsonb)`,
      [JSON.stringify(variants.map((variant) => ({ ...variant, stock: storedStock.get(variant.id) ?? variant.stock })))],
    );
  }
}
