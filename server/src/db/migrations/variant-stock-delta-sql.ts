/**
 * Migration 205_variant_stock_delta (D25): orders change variants' stock concurrently. The trigger
 * of 150_product_variants set a product's stock to its variants' sum as the statement saw them;
 * two orders for two variants of one product at once each read the sum before the other's
 * commit, and the later one overwrote the earlier one's take. An update now moves the product's
 * stock by the difference (`stock = stock + delta`): waiting on the product's row, it reads the
 * value the other order committed. Inserts and deletes (seeding, editing variants) still count
 * the sum afresh, as before.
 */
export const variantStockDeltaSql = String.raw`
  CREATE OR REPLACE FUNCTION product_variants_sum_stock() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path FROM CURRENT
  AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      UPDATE products p SET stock = s.total
        FROM (SELECT v.product_id, sum(v.stock)::int AS total FROM product_variants v
              WHERE v.product_id IN (SELECT product_id FROM new_rows) GROUP BY v.product_id) s
        WHERE p.id = s.product_id AND p.stock IS DISTINCT FROM s.total;
    ELSIF TG_OP = 'DELETE' THEN
      UPDATE products p SET stock = (SELECT sum(v.stock)::int FROM product_variants v WHERE v.product_id = p.id)
        WHERE p.id IN (SELECT product_id FROM old_rows);
    ELSE
      UPDATE products p
        SET stock = coalesce(p.stock + d.delta, (SELECT sum(v.stock)::int FROM product_variants v WHERE v.product_id = p.id))
        FROM (SELECT c.product_id, sum(c.change)::int AS delta
              FROM (SELECT product_id, stock AS change FROM new_rows
                    UNION ALL SELECT product_id, -stock AS change FROM old_rows) c
              GROUP BY c.product_id) d
        WHERE p.id = d.product_id AND d.delta <> 0;
    END IF;
    RETURN NULL;
  END
  $$;
`;
