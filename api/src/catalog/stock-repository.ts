import type { Db } from '../db/types';

/** A variant as an order prices it (migration 150_product_variants). */
export interface SellableVariant {
  id: string;
  product_id: string;
  option_values: string[];
  price: number | null;
}

/** What one order line takes from (or gives back to) the stock: a variant's, or a simple product's. */
export interface StockTake {
  productId: string;
  variantId: string | null;
  quantity: number;
}

/**
 * The catalogue's variants and stock as orders read and change them (D25). Every method takes the
 * connection or transaction it runs in: an order takes its stock in its own transaction.
 */
export class StockRepository {
  /** The variants of these products, by product id, in their order. */
  async variantsOf(db: Db, productIds: readonly string[]): Promise<Map<string, SellableVariant[]>> {
    const { rows } = await db.query<SellableVariant>(
      `SELECT id, product_id, option_values, price::float8 AS price FROM product_variants
       WHERE product_id = ANY($1::text[]) ORDER BY product_id, position`,
      [productIds],
    );
    const byProduct = new Map<string, SellableVariant[]>();
    for (const row of rows) byProduct.set(row.product_id, [...(byProduct.get(row.product_id) ?? []), row]);
    return byProduct;
  }

  /**
   * Takes the units in one conditional UPDATE: false when too few are left, or when the product's
   * stock is not tracked (NULL, never touched).
   */
  async take(db: Db, take: StockTake): Promise<boolean> {
    const { rows } = take.variantId
      ? await db.query('UPDATE product_variants SET stock = stock - $2 WHERE id = $1 AND stock >= $2 RETURNING id', [
          take.variantId,
          take.quantity,
        ])
      : await db.query('UPDATE products SET stock = stock - $2 WHERE id = $1 AND stock >= $2 RETURNING id', [
          take.productId,
          take.quantity,
        ]);
    return rows.length > 0;
  }

  /** The units a variant or product has now; null when the product's stock is not tracked, 0 when it is gone. */
  async left(db: Db, item: Omit<StockTake, 'quantity'>): Promise<number | null> {
    const { rows } = item.variantId
      ? await db.query<{ stock: number | null }>('SELECT stock FROM product_variants WHERE id = $1', [item.variantId])
      : await db.query<{ stock: number | null }>('SELECT stock FROM products WHERE id = $1', [item.productId]);
    const row = rows[0];
    // A variant gone since the order was priced has nothing left to sell.
    if (!row) return 0;
    return row.stock === null ? null : Math.max(0, Number(row.stock));
  }

  /** Gives the units back; a product whose stock is no longer tracked stays untracked. */
  async giveBack(db: Db, takes: readonly StockTake[]): Promise<void> {
    const variants = takes.filter((take) => take.variantId !== null);
    const products = takes.filter((take) => take.variantId === null);
    await db.query(
      `UPDATE product_variants v SET stock = v.stock + l.quantity FROM unnest($1::text[], $2::int[]) AS l(id, quantity)
         WHERE l.id = v.id`,
      [variants.map((take) => take.variantId), variants.map((take) => take.quantity)],
    );
    await db.query(
      `UPDATE products p SET stock = p.stock + l.quantity FROM unnest($1::text[], $2::int[]) AS l(id, quantity)
         WHERE l.id = p.id AND p.stock IS NOT NULL`,
      [products.map((take) => take.productId), products.map((take) => take.quantity)],
    );
  }
}
