/**
 * Migration 151_variant_notifications (D25, docs/products.md): the catalogue's change
 * notifications (130_catalog_engine) also name what 150_product_variants added, so the catalogue
 * cache drops the answers a change of stock, options or variants touches:
 *
 * - `stock`: a product's stock changed (its own, or the sum its variants keep), named by
 *   catalog_products_changed like its price or name;
 * - `options`, `variants`: a statement on product_options or product_variants (a variant's stock,
 *   price, pictures or values), named like pictures and collections are (catalog_product_rows_changed).
 *
 * Truncating either table drops everything, as for the other catalogue tables.
 */
export const variantNotificationsSql = String.raw`
  CREATE OR REPLACE FUNCTION catalog_products_changed() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path FROM CURRENT
  AS $$
  DECLARE
    ids text[];
    fields text[];
  BEGIN
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(id) INTO ids FROM (SELECT id FROM new_rows LIMIT 201) AS r;
      fields := '{membership}';
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg(id) INTO ids FROM (SELECT id FROM old_rows LIMIT 201) AS r;
      fields := '{membership}';
    ELSE
      SELECT array_agg(id) INTO ids FROM (SELECT id FROM new_rows UNION SELECT id FROM old_rows LIMIT 201) AS r;
      SELECT array_remove(ARRAY[
          CASE WHEN bool_or(o.price IS DISTINCT FROM n.price) THEN 'price' END,
          CASE WHEN bool_or(o.name IS DISTINCT FROM n.name OR o.description IS DISTINCT FROM n.description) THEN 'text' END,
          CASE WHEN bool_or(o.created_at IS DISTINCT FROM n.created_at) THEN 'created' END,
          CASE WHEN bool_or(o.stock IS DISTINCT FROM n.stock) THEN 'stock' END,
          CASE WHEN bool_or(o.id IS NULL OR n.id IS NULL) THEN 'membership' END
        ], NULL)
        INTO fields
        FROM new_rows AS n FULL JOIN old_rows AS o ON o.id = n.id;
    END IF;
    IF cardinality(ids) > 200 THEN
      PERFORM catalog_notify_all();
    ELSIF cardinality(ids) > 0 THEN
      PERFORM catalog_notify(ids, fields, NULL, NULL);
    END IF;
    RETURN NULL;
  END
  $$;

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
