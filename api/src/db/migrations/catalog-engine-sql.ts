/**
 * Migration 130_catalog_engine: the catalogue answered by SQL, the same on PGlite and PostgreSQL.
 *
 * **Listing order** (D18: Turkish collation, then id). PGlite's ICU holds only the root order,
 * so `name_key` rewrites a name for the root order (`und-x-icu`, on both engines) to sort as
 * Turkish does: ç, ğ, ö, ş and ü become their base letter followed by U+FFFF (which CLDR gives
 * the highest primary weight), so they sort as letters of their own right after c, g, o, s and u;
 * dotless ı (and its capital I) becomes h + U+FFFF (a letter right before i), and İ becomes I
 * (the capital of i). Case and every other accent keep their root weights, as in Turkish.
 * tests: catalog-engine-sql.test.ts compares it with `Intl.Collator('tr')`.
 *
 * **Search words** (D18): `catalog_search_text` is core/domain/product-search.ts's
 * normalizeSearchText in SQL (Turkish casing, ı folded into i, diacritics removed, everything
 * but letters and digits a space); `name_words` and `search_words` hold its words, so a query
 * word is a prefix query (`word:*`) on a GIN index.
 *
 * **Changes** notify `catalog_changed` with what changed, as JSON: the products, which of their
 * fields (`price`, `text`, `created`, `images`, `membership`), their categories and collections
 * (before and after), or `categories` for the category table, or `all` for a large or truncating
 * statement; and the schema it is about (`schema`), since the schemas of one database share the
 * channel. One notification per statement; none for a rolled-back transaction.
 */
export const catalogEngineSql = String.raw`
  DROP TRIGGER categories_changed ON categories;
  DROP TRIGGER products_changed ON products;
  DROP TRIGGER product_images_changed ON product_images;
  DROP TRIGGER product_categories_changed ON product_categories;
  DROP TRIGGER product_collections_changed ON product_collections;
  DROP FUNCTION catalog_changed();
  DROP TABLE catalog_version;

  CREATE FUNCTION catalog_name_key(name text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(
      name,
      'I', 'H' || U&'\FFFF'), 'ı', 'h' || U&'\FFFF'), 'İ', 'I'),
      'ç', 'c' || U&'\FFFF'), 'Ç', 'C' || U&'\FFFF'),
      'ğ', 'g' || U&'\FFFF'), 'Ğ', 'G' || U&'\FFFF'),
      'ö', 'o' || U&'\FFFF'), 'Ö', 'O' || U&'\FFFF'),
      'ş', 's' || U&'\FFFF'), 'Ş', 'S' || U&'\FFFF'),
      'ü', 'u' || U&'\FFFF'), 'Ü', 'U' || U&'\FFFF');

  CREATE FUNCTION catalog_search_text(text text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN btrim(regexp_replace(
      regexp_replace(
        normalize(replace(lower(replace(replace(coalesce(text, ''), 'İ', 'i'), 'I', 'ı')), 'ı', 'i'), NFD),
        '[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]+', '', 'g'),
      '[^[:alnum:]]+', ' ', 'g'));

  ALTER TABLE products
    ADD COLUMN name_key text COLLATE "und-x-icu" GENERATED ALWAYS AS (catalog_name_key(name)) STORED,
    ADD COLUMN name_words tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, catalog_search_text(name))) STORED,
    ADD COLUMN search_words tsvector GENERATED ALWAYS AS (
      to_tsvector('simple'::regconfig, catalog_search_text(name) || ' ' || catalog_search_text(description))
    ) STORED;

  CREATE INDEX products_listing_idx ON products (name_key, id);
  CREATE INDEX products_price_asc_idx ON products (price ASC NULLS LAST, name_key, id);
  CREATE INDEX products_price_desc_idx ON products (price DESC NULLS LAST, name_key, id);
  CREATE INDEX products_newest_idx ON products (created_at DESC, name_key, id);
  CREATE INDEX products_search_idx ON products USING gin (search_words);
  CREATE INDEX product_categories_listing_idx ON product_categories (category_id, product_id);
  CREATE INDEX product_collections_listing_idx ON product_collections (collection, product_id);

  -- Every payload names the schema it is about: several schemas of one database share the channel.
  CREATE FUNCTION catalog_notify_all() RETURNS void
    LANGUAGE sql
    SET search_path FROM CURRENT
    RETURN pg_notify('catalog_changed', json_build_object('schema', current_schema(), 'all', true)::text);

  -- Products named by id, what changed of them, and the categories and collections they were or are in.
  CREATE FUNCTION catalog_notify(product_ids text[], fields text[], category_ids integer[], collection_names text[]) RETURNS void
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
        ) AS known)
    )::text INTO payload;
    IF octet_length(payload) > 7900 THEN
      PERFORM catalog_notify_all();
    ELSE
      PERFORM pg_notify('catalog_changed', payload);
    END IF;
  END
  $$;

  -- A statement on products: beyond 200 rows, everything is dropped rather than named.
  CREATE FUNCTION catalog_products_changed() RETURNS trigger
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

  -- A statement on a table of product rows (pictures, category links, collections): TG_ARGV[0] is what it changes.
  CREATE FUNCTION catalog_product_rows_changed() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path FROM CURRENT
  AS $$
  DECLARE
    changed jsonb[];
  BEGIN
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(to_jsonb(r)) INTO changed FROM (SELECT * FROM new_rows LIMIT 201) AS r;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg(to_jsonb(r)) INTO changed FROM (SELECT * FROM old_rows LIMIT 201) AS r;
    ELSE
      SELECT array_agg(r) INTO changed FROM (
        (SELECT to_jsonb(n) AS r FROM new_rows AS n LIMIT 201) UNION ALL (SELECT to_jsonb(o) FROM old_rows AS o LIMIT 201)
      ) AS both_sides;
    END IF;
    IF cardinality(changed) > 200 THEN
      PERFORM catalog_notify_all();
    ELSIF cardinality(changed) > 0 THEN
      PERFORM catalog_notify(
        ARRAY(SELECT DISTINCT r ->> 'product_id' FROM unnest(changed) AS r),
        ARRAY[TG_ARGV[0]],
        ARRAY(SELECT DISTINCT (r ->> 'category_id')::integer FROM unnest(changed) AS r WHERE r ? 'category_id'),
        ARRAY(SELECT DISTINCT r ->> 'collection' FROM unnest(changed) AS r WHERE r ? 'collection'));
    END IF;
    RETURN NULL;
  END
  $$;

  CREATE FUNCTION catalog_categories_changed() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path FROM CURRENT
  AS $$
  BEGIN
    PERFORM pg_notify('catalog_changed', json_build_object('schema', current_schema(), 'categories', true)::text);
    RETURN NULL;
  END
  $$;

  CREATE FUNCTION catalog_truncated() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path FROM CURRENT
  AS $$
  BEGIN
    PERFORM catalog_notify_all();
    RETURN NULL;
  END
  $$;

  CREATE TRIGGER products_inserted AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION catalog_products_changed();
  CREATE TRIGGER products_updated AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION catalog_products_changed();
  CREATE TRIGGER products_deleted AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION catalog_products_changed();

  CREATE TRIGGER product_images_inserted AFTER INSERT ON product_images REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION catalog_product_rows_changed('images');
  CREATE TRIGGER product_images_updated AFTER UPDATE ON product_images REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION catalog_product_rows_changed('images');
  CREATE TRIGGER product_images_deleted AFTER DELETE ON product_images REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION catalog_product_rows_changed('images');

  CREATE TRIGGER product_categories_inserted AFTER INSERT ON product_categories REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION catalog_product_rows_changed('membership');
  CREATE TRIGGER product_categories_updated AFTER UPDATE ON product_categories REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION catalog_product_rows_changed('membership');
  CREATE TRIGGER product_categories_deleted AFTER DELETE ON product_categories REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION catalog_product_rows_changed('membership');

  CREATE TRIGGER product_collections_inserted AFTER INSERT ON product_collections REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION catalog_product_rows_changed('membership');
  CREATE TRIGGER product_collections_updated AFTER UPDATE ON product_collections REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION catalog_product_rows_changed('membership');
  CREATE TRIGGER product_collections_deleted AFTER DELETE ON product_collections REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION catalog_product_rows_changed('membership');

  CREATE TRIGGER categories_changed AFTER INSERT OR UPDATE OR DELETE ON categories
    FOR EACH STATEMENT EXECUTE FUNCTION catalog_categories_changed();

  CREATE TRIGGER products_truncated AFTER TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION catalog_truncated();
  CREATE TRIGGER product_images_truncated AFTER TRUNCATE ON product_images FOR EACH STATEMENT EXECUTE FUNCTION catalog_truncated();
  CREATE TRIGGER product_categories_truncated AFTER TRUNCATE ON product_categories FOR EACH STATEMENT EXECUTE FUNCTION catalog_truncated();
  CREATE TRIGGER product_collections_truncated AFTER TRUNCATE ON product_collections FOR EACH STATEMENT EXECUTE FUNCTION catalog_truncated();
  CREATE TRIGGER categories_truncated AFTER TRUNCATE ON categories FOR EACH STATEMENT EXECUTE FUNCTION catalog_truncated();
`;
