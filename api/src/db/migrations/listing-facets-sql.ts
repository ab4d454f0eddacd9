/**
 * Migration 171_listing_facets: what a category's filter panel counts read, on its listing rows
 * (docs/products.md, "Filters"; api/src/catalog/catalog-filters.ts's readListedFacets).
 *
 * The counts of a large category (177,000 products at a million) joined each `product_listing`
 * row to its product and to every variant in `product_filter_variants`, then grouped by product and
 * option value: close to a second. Each listing row now carries what the counts need of its
 * product, so the category's counts are one range of its rows, grouped by value:
 *
 * - `price`, `buyable` (stock not tracked, or above 0): the product's;
 * - `pairs`: the distinct `name U+001F value` pairs of its variants, sorted, with aligned
 *   `pair_ranks` (a value's place among its option's values), `pair_places` (its option's place)
 *   and `pair_stocked` (some variant with it is in stock); `stocked_pairs`: those in stock, so one
 *   option filter is one overlap test on the row (`stocked_pairs && '{Beden\x1fM, Beden\x1fL}'`).
 *
 * Kept by triggers: a product's price or stock (an UPDATE of `products`), its filter rows (their
 * statements, made by migration 160's triggers from the variants and options), and new listing
 * rows (a new link, a category moved); `product_listing_facets_refresh_all()` makes them all again.
 */
export const listingFacetsSql = String.raw`
  ALTER TABLE product_listing
    ADD COLUMN price numeric(12, 2) NULL,
    ADD COLUMN buyable boolean NOT NULL DEFAULT true,
    ADD COLUMN pairs text[] NOT NULL DEFAULT '{}',
    ADD COLUMN pair_ranks integer[] NOT NULL DEFAULT '{}',
    ADD COLUMN pair_places integer[] NOT NULL DEFAULT '{}',
    ADD COLUMN pair_stocked boolean[] NOT NULL DEFAULT '{}',
    ADD COLUMN stocked_pairs text[] NOT NULL DEFAULT '{}';
  -- A category's rows with all of it: its counts are one index-only range (the table's rows of a category are scattered).
  CREATE INDEX product_listing_facets_idx ON product_listing (ancestor_id)
    INCLUDE (product_id, price, buyable, stocked_pairs, pairs, pair_ranks, pair_places, pair_stocked);

  -- The listing rows of these products, their product's fields and pairs read again.
  CREATE FUNCTION product_listing_facets_refresh(product_ids text[]) RETURNS void
    LANGUAGE sql
    SET search_path FROM CURRENT
  BEGIN ATOMIC
    UPDATE product_listing AS l
      SET price = f.price, buyable = f.buyable, pairs = f.pairs, pair_ranks = f.ranks, pair_places = f.places,
        pair_stocked = f.stocked, stocked_pairs = f.stocked_pairs
      FROM (
        SELECT p.id, p.price, (p.stock IS NULL OR p.stock > 0) AS buyable,
          coalesce(x.pairs, '{}') AS pairs, coalesce(x.ranks, '{}') AS ranks, coalesce(x.places, '{}') AS places,
          coalesce(x.stocked, '{}') AS stocked, coalesce(x.stocked_pairs, '{}') AS stocked_pairs
        FROM products AS p
          LEFT JOIN LATERAL (
            SELECT array_agg(d.pair ORDER BY d.pair) AS pairs, array_agg(d.rank ORDER BY d.pair) AS ranks,
              array_agg(d.place ORDER BY d.pair) AS places, array_agg(d.stocked ORDER BY d.pair) AS stocked,
              array_agg(d.pair ORDER BY d.pair) FILTER (WHERE d.stocked) AS stocked_pairs
            FROM (
              SELECT u.pair, min(u.rank)::int AS rank, min(u.place)::int AS place, bool_or(v.in_stock) AS stocked
              FROM product_filter_variants AS v
                CROSS JOIN LATERAL unnest(v.pairs, v.ranks) WITH ORDINALITY AS u (pair, rank, place)
              WHERE v.product_id = p.id
              GROUP BY u.pair
            ) AS d
          ) AS x ON true
        WHERE p.id = ANY (product_ids)
      ) AS f
      WHERE l.product_id = f.id;
  END;

  -- For bulk loads that bypass triggers (after catalog_relist_all and product_filters_refresh_all).
  CREATE FUNCTION product_listing_facets_refresh_all() RETURNS void
    LANGUAGE sql
    SET search_path FROM CURRENT
  BEGIN ATOMIC
    SELECT product_listing_facets_refresh(ARRAY(SELECT id FROM products));
  END;

  -- A price or stock changed (50 a second, each one product): only its few listing rows, only those two fields.
  CREATE FUNCTION product_listing_prices() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path FROM CURRENT
  AS $$
  BEGIN
    UPDATE product_listing AS l SET price = n.price, buyable = (n.stock IS NULL OR n.stock > 0)
      FROM new_rows AS n JOIN old_rows AS o ON o.id = n.id
      WHERE l.product_id = n.id AND (n.price IS DISTINCT FROM o.price OR n.stock IS DISTINCT FROM o.stock);
    RETURN NULL;
  END
  $$;

  CREATE FUNCTION product_listing_filters_changed() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path FROM CURRENT
  AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      PERFORM product_listing_facets_refresh(ARRAY(SELECT DISTINCT n.product_id FROM new_rows AS n));
    ELSE
      PERFORM product_listing_facets_refresh(ARRAY(SELECT DISTINCT o.product_id FROM old_rows AS o));
    END IF;
    RETURN NULL;
  END
  $$;

  CREATE TRIGGER products_prices_listed AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION product_listing_prices();
  CREATE TRIGGER product_filter_variants_listed_inserted AFTER INSERT ON product_filter_variants REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION product_listing_filters_changed();
  CREATE TRIGGER product_filter_variants_listed_deleted AFTER DELETE ON product_filter_variants REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION product_listing_filters_changed();
  -- New listing rows (a link added, a category moved, a product listed again) take their product's fields.
  CREATE TRIGGER product_listing_facets_inserted AFTER INSERT ON product_listing REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION product_listing_filters_changed();

  SELECT product_listing_facets_refresh_all();
  -- Every row was written again: its index-only reads need the visibility map, and the planner the new columns' statistics.
  ANALYZE product_listing;
`;
