/**
 * Migration 151_variant_notifications (D25, docs/products.md): the catalogue's change
 * notifications (130_catalog_engine) also name what 150_product_variants added, so the catalogue
 * cache drops the answers a change of stock, options or variants touches:
 *
 * - `stock`: a product's stock changed (its own, or the sum its variants keep): a notification of
 *   its own, beside the one catalog_products_changed sends for every update of products;
 * - `options`, `variants`: a statement on product_options or product_variants (a variant's stock,
 *   price, pictures or values), named like pictures and collections are (catalog_product_rows_changed).
 *
 * Truncating either table drops everything, as for the other catalogue tables.
 */
export const variantNotificationsSql = String.raw`
  -- An update of products that changed some stock: those products (beyond 200, everything).
  CREATE FUNCTION catalog_products_stock_changed() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path FROM CURRENT
  AS $$
  DECLARE
    ids text[];
  BEGIN
    SELECT array_agg(id) INTO ids FROM (
      SELECT n.id FROM new_rows AS n JOIN old_rows AS o ON o.id = n.id WHERE o.stock IS DISTINCT FROM n.stock LIMIT 201
    ) AS r;
    IF cardinality(ids) > 200 THEN
      PERFORM catalog_notify_all();
    ELSIF cardinality(ids) > 0 THEN
      PERFORM catalog_notify(ids, '{stock}', NULL, NULL);
    END IF;
    RETURN NULL;
  END
  $$;
  CREATE TRIGGER products_stock_updated AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION catalog_products_stock_changed();

  CREATE TRIGGER product_options_inserted AFTER INSERT ON product_options REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION catalog_product_rows_changed('options');
  CREATE TRIGGER product_options_updated AFTER UPDATE ON product_options REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION catalog_product_rows_changed('options');
  CREATE TRIGGER product_options_deleted AFTER DELETE ON product_options REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION catalog_product_rows_changed('options');

  CREATE TRIGGER product_variants_inserted AFTER INSERT ON product_variants REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION catalog_product_rows_changed('variants');
  CREATE TRIGGER product_variants_updated AFTER UPDATE ON product_variants REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION catalog_product_rows_changed('variants');
  CREATE TRIGGER product_variants_deleted AFTER DELETE ON product_variants REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION catalog_product_rows_changed('variants');

  CREATE TRIGGER product_options_truncated AFTER TRUNCATE ON product_options FOR EACH STATEMENT EXECUTE FUNCTION catalog_truncated();
  CREATE TRIGGER product_variants_truncated AFTER TRUNCATE ON product_variants FOR EACH STATEMENT EXECUTE FUNCTION catalog_truncated();
`;
