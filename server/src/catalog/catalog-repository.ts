import type { Db } from '../db/types';
import type { CatalogRows, ProductRecord } from './catalog-snapshot';

interface ProductRow {
  id: string;
  name: string;
  description: string | null;
  price: number | string | null;
  images: string[] | null;
  image_positions: number[] | null;
  created_at_ms: number | string;
}

// Images are aggregated in the same query (no query per product). price::float8 (and the creation
// time as epoch milliseconds) so both drivers hand back a JS number.
const PRODUCT_SELECT = `
  SELECT p.id, p.name, p.description, p.price::float8 AS price,
         (extract(epoch FROM p.created_at) * 1000)::float8 AS created_at_ms,
         (SELECT array_agg(i.url ORDER BY i.position) FROM product_images i WHERE i.product_id = p.id) AS images,
         (SELECT array_agg(i.position ORDER BY i.position) FROM product_images i WHERE i.product_id = p.id) AS image_positions
  FROM products p`;

/** The catalogue's reads from the database; the same class style as the account store (account-store.ts). */
export class CatalogRepository {
  constructor(private readonly db: Db) {}

  /** The counter every catalogue change bumps (migration 110_catalog_version). */
  async version(): Promise<string> {
    const { rows } = await this.db.query<{ version: string }>('SELECT version::text AS version FROM catalog_version');
    return rows[0]?.version ?? '0';
  }

  /**
   * Products as the database holds them now, by id, in one query: what an order is priced from,
   * inside the order's own transaction (never from a snapshot that a concurrent price change could
   * have outdated). Unknown ids are simply absent.
   */
  async findProducts(ids: readonly string[]): Promise<Map<string, ProductRecord>> {
    const { rows } = await this.db.query<ProductRow>(`${PRODUCT_SELECT} WHERE p.id = ANY($1::text[])`, [ids]);
    return new Map(rows.map((row) => [row.id, toRecord(row)]));
  }

  /** The whole catalogue and its version, as of one moment (one repeatable-read transaction). */
  async readAll(): Promise<CatalogRows> {
    return this.db.transaction(async (tx) => {
      await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
      const version = await new CatalogRepository(tx).version();
      const products = await tx.query<ProductRow>(PRODUCT_SELECT);
      const categories = await tx.query<{ category_id: number; name: string; parent_category_id: number | null }>(
        'SELECT category_id, name, parent_category_id FROM categories',
      );
      const links = await tx.query<{ product_id: string; category_id: number }>('SELECT product_id, category_id FROM product_categories');
      const memberships = await tx.query<{ product_id: string; collection: string }>(
        'SELECT product_id, collection FROM product_collections',
      );
      return {
        version,
        products: products.rows.map(toRecord),
        categories: categories.rows.map((row) => ({
          categoryId: row.category_id,
          name: row.name,
          parentCategoryId: row.parent_category_id,
        })),
        links: links.rows.map((row) => ({ productId: row.product_id, categoryId: row.category_id })),
        memberships: memberships.rows.map((row) => ({ productId: row.product_id, collection: row.collection })),
      };
    });
  }
}

function toRecord(row: ProductRow): ProductRecord {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.price === null ? null : Number(row.price),
    images: row.images ?? [],
    imagePositions: row.image_positions ?? [],
    createdAt: Number(row.created_at_ms),
  };
}
