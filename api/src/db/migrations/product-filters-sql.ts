/**
 * Migration 160_product_filters: what the list filters and the filter panel's counts read
 * (docs/products.md, "Filters"; api/src/catalog/catalog-filters.ts).
 *
 * A variant's option values name no option: `product_variants.option_values` holds values in the
 * product's option order, and which option is which is `product_options`' position. An option
 * filter (`Beden` M or L) would join the two for every variant of every product of a list.
 * `product_filter_variants` holds each variant once more, as a filter reads it:
 *
 * - `pairs`: its `name U+001F value` pairs in option order (`{Beden\x1fM, Renk\x1fSiyah}`), so one
 *   option's wanted values are one overlap test (`pairs && '{Beden\x1fM, Beden\x1fL}'`), and a
 *   variant matching several options is one row with every test;
 * - `ranks`: each value's place among its option's values (the panel lists S, M, L, not L, M, S);
 * - `in_stock`: whether it can be bought now.
 *
 * One index on the product holds all of it, so the variants of a product are one index-only range.
 * Kept by triggers on the variants and the options (whoever writes them: the seed, an order, psql);
 * `product_filters_refresh_all()` rebuilds it (for bulk loads that bypass triggers).
 */
export const productFiltersSql = String.raw`
  CREATE TABLE product_filter_variants (
    variant_id text PRIMARY KEY,
    product_id text NOT NULL,
    pairs text[] NOT NULL,
    ranks integer[] NOT NULL,
    in_stock boolean NOT NULL
  );
  CREATE INDEX product_filter_variants_product_idx ON product_filter_variants (product_id) INCLUDE (in_stock, pairs, ranks);

  -- The filter rows of these products, made again from their variants and options.
  CREATE FUNCTION product_filters_refresh(product_ids text[]) RETURNS void
    LANGUAGE sql
    SET search_path FROM CURRENT
  BEGIN ATOMIC
    DELETE FROM product_filter_variants WHERE product_id = ANY (product_ids);
    INSERT INTO product_filter_variants (variant_id, product_id, pairs, ranks, in_stock)
      SELECT v.id, v.product_id,
        array_agg(o.name || chr(31) || x.value ORDER BY x.n),
        array_agg(coalesce(array_position(o.option_values, x.value), 0) ORDER BY x.n),
        v.stock > 0
      FROM product_variants AS v
        CROSS JOIN LATERAL unnest(v.option_values) WITH ORDINALITY AS x (value, n)
        JOIN (
          SELECT po.product_id, po.name, po.option_values, row_number() OVER (PARTITION BY po.product_id ORDER BY po.position) AS n
          FROM product_options AS po WHERE po.product_id = ANY (product_ids)
        ) AS o ON o.product_id = v.product_id AND o.n = x.n
      WHERE v.product_id = ANY (product_ids)
      GROUP BY v.id, v.product_id, v.stock
    -- Two orders for two variants of one product at once: the later one's DELETE did not see the
    -- rows the earlier one inserted, so it updates them (with what it reads after that commit).
    ON CONFLICT (variant_id) DO UPDATE
      SET product_id = excluded.product_id, pairs = excluded.pairs, ranks = excluded.ranks, in_stock = excluded.in_stock;
  END;

  CREATE FUNCTION product_filters_refresh_all() RETURNS void
    LANGUAGE sql
    SET search_path FROM CURRENT
  BEGIN ATOMIC
    DELETE FROM product_filter_variants;
    SELECT product_filters_refresh(ARRAY(SELECT DISTINCT product_id FROM product_variants));
  END;

  -- A statement on variants or options: the products it touched, made again (an order's stock: one product's few rows).
  CREATE FUNCTION product_filters_changed() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path FROM CURRENT
  AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      PERFORM product_filters_refresh(ARRAY(SELECT DISTINCT n.product_id FROM new_rows AS n));
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM product_filters_refresh(ARRAY(SELECT DISTINCT o.product_id FROM old_rows AS o));
    ELSE
      PERFORM product_filters_refresh(ARRAY(SELECT o.product_id FROM old_rows AS o UNION SELECT n.product_id FROM new_rows AS n));
    END IF;
    RETURN NULL;
  END
  $$;

  CREATE FUNCTION product_filters_truncated() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path FROM CURRENT
  AS $$
  BEGIN
    DELETE FROM product_filter_variants;
    RETURN NULL;
  END
  $$;

  CREATE TRIGGER product_variants_filters_inserted AFTER INSERT ON product_variants REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION product_filters_changed();
  CREATE TRIGGER product_variants_filters_updated AFTER UPDATE ON product_variants REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION product_filters_changed();
  CREATE TRIGGER product_variants_filters_deleted AFTER DELETE ON product_variants REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION product_filters_changed();
  CREATE TRIGGER product_variants_filters_truncated AFTER TRUNCATE ON product_variants
    FOR EACH STATEMENT EXECUTE FUNCTION product_filters_truncated();
  CREATE TRIGGER product_options_filters_inserted AFTER INSERT ON product_options REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION product_filters_changed();
  CREATE TRIGGER product_options_filters_updated AFTER UPDATE ON product_options REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION product_filters_changed();
  CREATE TRIGGER product_options_filters_deleted AFTER DELETE ON product_options REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION product_filters_changed();

  -- The price filter within a list: the products' prices beside their ids (an index-only probe per listed product).
  CREATE INDEX products_filter_idx ON products (id) INCLUDE (price, stock);

  SELECT product_filters_refresh_all();
  ANALYZE product_filter_variants;
`;
