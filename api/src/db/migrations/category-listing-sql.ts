/**
 * Migration 140_category_listing: a category's products in listing order, one index range away.
 *
 * The shop lists a category with its descendants (SPEC 4: `allCategoryIds`). Over a semi-join, a
 * deep page of a large category (page 2,000 of 131,157 products at a million) means joining and
 * sorting the whole category on every uncached read. `product_listing` holds one row per product
 * and category it is in, directly or below (the closure of the category tree over the links),
 * with the product's listing key: the products of a category and its descendants, in listing
 * order, are one range of `product_listing_order_idx`, and page 2,000 is an index-only scan of
 * 48,000 entries. Kept by triggers on the links, the products' names and the categories' parents;
 * `catalog_relist_all()` rebuilds it (for bulk loads that bypass triggers).
 */
export const categoryListingSql = String.raw`
  CREATE TABLE product_listing (
    ancestor_id integer NOT NULL,
    product_id text NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    name_key text COLLATE "und-x-icu" NOT NULL,
    PRIMARY KEY (ancestor_id, product_id)
  );
  CREATE INDEX product_listing_order_idx ON product_listing (ancestor_id, name_key, product_id);
  CREATE INDEX product_listing_product_idx ON product_listing (product_id);

  -- The listing rows of these products, made again from their links (a parent cycle stops where it closes).
  CREATE FUNCTION catalog_relist(product_ids text[]) RETURNS void
    LANGUAGE sql
    SET search_path FROM CURRENT
  BEGIN ATOMIC
    DELETE FROM product_listing WHERE product_id = ANY (product_ids);
    INSERT INTO product_listing (ancestor_id, product_id, name_key)
      WITH RECURSIVE up (product_id, category_id) AS (
        SELECT l.product_id, l.category_id FROM product_categories AS l WHERE l.product_id = ANY (product_ids)
        UNION
        SELECT up.product_id, c.parent_category_id FROM up JOIN categories AS c ON c.category_id = up.category_id
        WHERE c.parent_category_id IS NOT NULL
      )
      SELECT up.category_id, up.product_id, p.name_key FROM up JOIN products AS p ON p.id = up.product_id;
  END;

  CREATE FUNCTION catalog_relist_all() RETURNS void
    LANGUAGE sql
    SET search_path FROM CURRENT
  BEGIN ATOMIC
    DELETE FROM product_listing;
    SELECT catalog_relist(ARRAY(SELECT id FROM products));
  END;

  CREATE FUNCTION catalog_links_listed() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path FROM CURRENT
  AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      -- Adding links only adds rows: set-based over the statement's rows, however many (a seed).
      INSERT INTO product_listing (ancestor_id, product_id, name_key)
        WITH RECURSIVE up (product_id, category_id) AS (
          SELECT n.product_id, n.category_id FROM new_rows AS n
          UNION
          SELECT up.product_id, c.parent_category_id FROM up JOIN categories AS c ON c.category_id = up.category_id
          WHERE c.parent_category_id IS NOT NULL
        )
        SELECT up.category_id, up.product_id, p.name_key FROM up JOIN products AS p ON p.id = up.product_id
      ON CONFLICT DO NOTHING;
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM catalog_relist(ARRAY(SELECT DISTINCT o.product_id FROM old_rows AS o));
    ELSE
      PERFORM catalog_relist(ARRAY(SELECT o.product_id FROM old_rows AS o UNION SELECT n.product_id FROM new_rows AS n));
    END IF;
    RETURN NULL;
  END
  $$;

  CREATE FUNCTION catalog_names_listed() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path FROM CURRENT
  AS $$
  BEGIN
    UPDATE product_listing AS l SET name_key = n.name_key
      FROM new_rows AS n JOIN old_rows AS o ON o.id = n.id
      WHERE l.product_id = n.id AND n.name_key IS DISTINCT FROM o.name_key;
    RETURN NULL;
  END
  $$;

  -- A category moved: every product below it is listed again.
  CREATE FUNCTION catalog_parents_listed() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path FROM CURRENT
  AS $$
  BEGIN
    PERFORM catalog_relist(ARRAY(
      WITH RECURSIVE down (category_id) AS (
        SELECT n.category_id FROM new_rows AS n JOIN old_rows AS o ON o.category_id = n.category_id
        WHERE n.parent_category_id IS DISTINCT FROM o.parent_category_id
        UNION
        SELECT c.category_id FROM categories AS c JOIN down ON c.parent_category_id = down.category_id
      )
      SELECT DISTINCT l.product_id FROM product_categories AS l JOIN down ON down.category_id = l.category_id));
    RETURN NULL;
  END
  $$;

  CREATE FUNCTION catalog_listing_truncated() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path FROM CURRENT
  AS $$
  BEGIN
    DELETE FROM product_listing;
    RETURN NULL;
  END
  $$;

  CREATE TRIGGER product_categories_listed_inserted AFTER INSERT ON product_categories REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION catalog_links_listed();
  CREATE TRIGGER product_categories_listed_updated AFTER UPDATE ON product_categories REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION catalog_links_listed();
  CREATE TRIGGER product_categories_listed_deleted AFTER DELETE ON product_categories REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION catalog_links_listed();
  CREATE TRIGGER product_categories_listed_truncated AFTER TRUNCATE ON product_categories
    FOR EACH STATEMENT EXECUTE FUNCTION catalog_listing_truncated();
  CREATE TRIGGER products_names_listed AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION catalog_names_listed();
  CREATE TRIGGER categories_parents_listed AFTER UPDATE ON categories REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION catalog_parents_listed();

  SELECT catalog_relist_all();
  -- Its statistics now, not at autovacuum's next round: the planner walks the index only when it knows a category is large.
  ANALYZE product_listing;
`;
