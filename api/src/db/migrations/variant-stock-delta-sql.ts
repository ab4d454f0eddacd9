/**
 * Migration 205_variant_stock_delta (D25): orders change variants' stock concurrently. The trigger
 * of 150_product_variants set a product's stock to its variants' sum as the statement saw them;
 * two orders for two variants of one product at once each read the sum before the other's
 * commit, and the later one overwrote the earlier one's take. An update of variants now moves the
 * product's stock by the difference (`stock = stock + delta`): waiting on the product's row, it
 * reads the value the other order committed. Inserts and deletes (seeding, editing variants)
 * still count the sum afresh (150's function).
 */
export const variantStockDeltaSql = String.raw`
  CREATE FUNCTION product_variants_stock_delta() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path FROM CURRENT
  AS $$
  BEGIN
    UPDATE products p
      SET stock = coalesce(p.stock + d.delta, (SELECT sum(v.stock)::int FROM product_variants v WHERE v.product_id = p.id))
      FROM (SELECT c.product_id, sum(c.change)::int AS delta
            FROM (SELECT product_id, stock AS change FROM new_rows
                  UNION ALL SELECT product_id, -stock AS change FROM old_rows) c
            GROUP BY c.product_id) d
      WHERE p.id = d.product_id AND d.delta <> 0;
    RETURN NULL;
  END
  $$;
  DROP TRIGGER product_variants_stock_updated ON product_variants;
  CREATE TRIGGER product_variants_stock_updated AFTER UPDATE ON product_variants
    REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_variants_stock_delta();
`;
