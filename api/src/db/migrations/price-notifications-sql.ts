/**
 * Migration 172_price_notifications (D25, docs/products.md "Filters"): a statement changing
 * products' prices notifies each one's price before and after, and whether it is sold in options
 * (`prices`: `{ "<id>": [before, after, options] }`, null for no price), so the catalogue cache
 * keeps a list filtered by price, and a filter panel's counts, through a change that cannot move
 * them (the price stays on the same side of the filter's range, inside the counts' lowest and
 * highest prices, or the filter asks for option values and the product has none): at a million
 * products, prices changing fifty times a second would otherwise keep remaking them. Everything
 * else is notified as 130_catalog_engine does; a payload too long for a notification still
 * becomes a change of everything there.
 */
export const priceNotificationsSql = String.raw`
  -- As the four-argument catalog_notify, with the products' prices before and after.
  CREATE FUNCTION catalog_notify(product_ids text[], fields text[], category_ids integer[], collection_names text[], prices jsonb)
    RETURNS void
    LANGUAGE plpgsql
    SET search_path FROM CURRENT
  AS $$
  DECLARE
    payload text;
  BEGIN
    SELECT json_build_object(
      'schema', current_schema(),
      'products', coalesce(product_ids, '{}'),
      'fields', coalesce(fields, '{}'),
      'categories', (
        SELECT coalesce(array_agg(DISTINCT c), '{}') FROM (
          SELECT unnest(category_ids) AS c
          UNION SELECT category_id FROM product_categories WHERE product_id = ANY (product_ids)
        ) AS known),
      'collections', (
        SELECT coalesce(array_agg(DISTINCT c), '{}') FROM (
          SELECT unnest(collection_names) AS c
          UNION SELECT collection FROM product_collections WHERE product_id = ANY (product_ids)
        ) AS known),
      'prices', prices
    )::text INTO payload;
    IF octet_length(payload) > 7900 THEN
      PERFORM catalog_notify_all();
    ELSE
      PERFORM pg_notify('catalog_changed', payload);
    END IF;
  END
  $$;

  CREATE OR REPLACE FUNCTION catalog_products_changed() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path FROM CURRENT
  AS $$
  DECLARE
    ids text[];
    fields text[];
    prices jsonb;
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
          CASE WHEN bool_or(o.id IS NULL OR n.id IS NULL) THEN 'membership' END
        ], NULL)
        INTO fields
        FROM new_rows AS n FULL JOIN old_rows AS o ON o.id = n.id;
      IF 'price' = ANY (fields) AND cardinality(ids) <= 200 THEN
        SELECT jsonb_object_agg(n.id, jsonb_build_array(o.price::float8, n.price::float8,
            EXISTS (SELECT 1 FROM product_options AS po WHERE po.product_id = n.id))) INTO prices
          FROM new_rows AS n JOIN old_rows AS o ON o.id = n.id;
      END IF;
    END IF;
    IF cardinality(ids) > 200 THEN
      PERFORM catalog_notify_all();
    ELSIF cardinality(ids) > 0 AND prices IS NOT NULL THEN
      PERFORM catalog_notify(ids, fields, NULL, NULL, prices);
    ELSIF cardinality(ids) > 0 THEN
      PERFORM catalog_notify(ids, fields, NULL, NULL);
    END IF;
    RETURN NULL;
  END
  $$;
`;
