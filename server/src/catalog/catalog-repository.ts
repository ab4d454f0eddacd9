import type { Db } from '../db/types';
import type { Collection } from './collection';

export interface ProductRecord {
  id: string;
  name: string;
  description: string | null;
  price: number | null;
  /** Image URL paths in order (position 1 first). */
  images: string[];
}

export interface CategoryRecord {
  categoryId: number;
  name: string;
  parentCategoryId: number | null;
}

export interface ProductFilter {
  /** Products linked to any of exactly these categories (descendants are the client's job). */
  categoryIds?: readonly number[];
  collection?: Collection;
}

interface ProductRow {
  id: string;
  name: string;
  description: string | null;
  price: number | string | null;
  images: string[] | null;
}

// One statement per listing: images are aggregated in the same query (no query per product).
// price::float8 so both drivers hand back a JS number.
const PRODUCT_SELECT = `
  SELECT p.id, p.name, p.description, p.price::float8 AS price,
         (SELECT array_agg(i.url ORDER BY i.position) FROM product_images i WHERE i.product_id = p.id) AS images
  FROM products p`;

// Turkish collation for a stable, human order ("Çanta" after "Cezve", not after "Zil").
const byName = new Intl.Collator('tr', { sensitivity: 'variant' });

/** The catalogue's reads; the same class style as the account store (account-store.ts). */
export class CatalogRepository {
  constructor(private readonly db: Db) {}

  async listProducts(filter: ProductFilter): Promise<ProductRecord[]> {
    const { rows } = await this.db.query<ProductRow>(
      `${PRODUCT_SELECT}
       WHERE ($1::int[] IS NULL OR EXISTS (
               SELECT 1 FROM product_categories pc WHERE pc.product_id = p.id AND pc.category_id = ANY($1::int[])))
         AND ($2::text IS NULL OR EXISTS (
               SELECT 1 FROM product_collections c WHERE c.product_id = p.id AND c.collection = $2::text))`,
      [filter.categoryIds ? [...filter.categoryIds] : null, filter.collection ?? null],
    );
    return rows.map(toRecord).sort((a, b) => byName.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  async findProduct(id: string): Promise<ProductRecord | undefined> {
    const { rows } = await this.db.query<ProductRow>(`${PRODUCT_SELECT} WHERE p.id = $1`, [id]);
    const row = rows[0];
    return row ? toRecord(row) : undefined;
  }

  async listCategories(): Promise<CategoryRecord[]> {
    const { rows } = await this.db.query<{ category_id: number; name: string; parent_category_id: number | null }>(
      'SELECT category_id, name, parent_category_id FROM categories ORDER BY category_id',
    );
    return rows.map((row) => ({ categoryId: row.category_id, name: row.name, parentCategoryId: row.parent_category_id }));
  }

  /** What an image needs to be drawn, or undefined when the product has no such image. */
  async findImageSource(productId: string, position: number): Promise<{ name: string; categoryId: number } | undefined> {
    const { rows } = await this.db.query<{ name: string; category_id: number | null }>(
      `SELECT p.name,
              (SELECT min(pc.category_id) FROM product_categories pc WHERE pc.product_id = p.id) AS category_id
       FROM product_images i JOIN products p ON p.id = i.product_id
       WHERE i.product_id = $1 AND i.position = $2`,
      [productId, position],
    );
    const row = rows[0];
    return row ? { name: row.name, categoryId: row.category_id ?? 0 } : undefined;
  }
}

function toRecord(row: ProductRow): ProductRecord {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.price === null ? null : Number(row.price),
    images: row.images ?? [],
  };
}
