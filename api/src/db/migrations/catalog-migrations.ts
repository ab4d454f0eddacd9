import type { Migration } from '../types';
import { catalogEngineSql } from './catalog-engine-sql';
import { categoryListingSql } from './category-listing-sql';
import { fewerPriceIndexesSql } from './fewer-price-indexes-sql';
import { listingFacetsSql } from './listing-facets-sql';
import { priceNotificationsSql } from './price-notifications-sql';
import { productFiltersSql } from './product-filters-sql';
import { productVariantsSql } from './product-variants-sql';
import { variantNotificationsSql } from './variant-notifications-sql';

/**
 * The catalogue schema. Plain SQL that PGlite and PostgreSQL both run.
 * Images are an ordered child table (position 1 = prodImg1); collections and category links are
 * many-to-many, so a product can sit in several home carousels (D3) and several categories.
 */
export const catalogMigrations: Migration[] = [
  {
    id: '100_catalog',
    sql: `
      CREATE TABLE categories (
        category_id integer PRIMARY KEY,
        name text NOT NULL CHECK (length(name) > 0),
        parent_category_id integer NULL REFERENCES categories (category_id)
      );
      CREATE INDEX categories_parent_idx ON categories (parent_category_id);

      CREATE TABLE products (
        id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
        name text NOT NULL CHECK (length(name) > 0),
        description text NULL,
        price numeric(12, 2) NULL CHECK (price >= 0)
      );

      CREATE TABLE product_images (
        product_id text NOT NULL REFERENCES products (id) ON DELETE CASCADE,
        position integer NOT NULL CHECK (position >= 1),
        url text NOT NULL,
        PRIMARY KEY (product_id, position)
      );

      CREATE TABLE product_categories (
        product_id text NOT NULL REFERENCES products (id) ON DELETE CASCADE,
        category_id integer NOT NULL REFERENCES categories (category_id),
        PRIMARY KEY (product_id, category_id)
      );
      CREATE INDEX product_categories_category_idx ON product_categories (category_id);

      CREATE TABLE product_collections (
        product_id text NOT NULL REFERENCES products (id) ON DELETE CASCADE,
        collection text NOT NULL CHECK (collection IN ('new', 'popular', 'unusual', 'discounted')),
        PRIMARY KEY (product_id, collection)
      );
      CREATE INDEX product_collections_collection_idx ON product_collections (collection);
    `,
  },
  {
    // (Replaced by 130_catalog_engine's notifications.) The catalogue read model of the time kept
    // the catalogue in memory and had to learn of every change, whoever makes it: a seed, a migration, an admin write, psql, or
    // another server process on the same PostgreSQL. Every statement that touches a catalogue
    // table bumps one counter and notifies `catalog_changed` (PostgreSQL sends one notification
    // per transaction and channel, at commit; none for a rolled-back transaction). The function
    // keeps the schema it was created in, so a write through another search_path still bumps
    // this schema's counter.
    id: '110_catalog_version',
    sql: `
      CREATE TABLE catalog_version (
        only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
        version bigint NOT NULL
      );
      INSERT INTO catalog_version (version) VALUES (1);

      CREATE FUNCTION catalog_changed() RETURNS trigger
        LANGUAGE plpgsql
        SET search_path FROM CURRENT
      AS $$
      BEGIN
        UPDATE catalog_version SET version = version + 1;
        PERFORM pg_notify('catalog_changed', '');
        RETURN NULL;
      END
      $$;

      CREATE TRIGGER categories_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
        FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed();
      CREATE TRIGGER products_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
        FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed();
      CREATE TRIGGER product_images_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_images
        FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed();
      CREATE TRIGGER product_categories_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_categories
        FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed();
      CREATE TRIGGER product_collections_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_collections
        FOR EACH STATEMENT EXECUTE FUNCTION catalog_changed();
    `,
  },
  {
    // `newest` (D18) sorts by when a product joined the catalogue. Existing rows get the time of
    // this migration; the demo seed sets its own deterministic times. Adding a column fires no
    // statement trigger, so the version is bumped here: a server already running on this
    // database reloads its snapshot, now with the column.
    id: '120_product_created_at',
    sql: `
      ALTER TABLE products ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();
      UPDATE catalog_version SET version = version + 1;
    `,
  },
  {
    // The catalogue answered by SQL (docs/architecture.md, "The catalogue engine"): the listing
    // order, search words and indexes, and change notifications that name what changed. The
    // in-memory model's version counter and its statement triggers go.
    id: '130_catalog_engine',
    sql: catalogEngineSql,
  },
  {
    // Each category's products with its descendants' in listing order, kept by triggers: deep pages of a large category.
    id: '140_category_listing',
    sql: categoryListingSql,
  },
  {
    // D25: options, variants and stock (docs/products.md).
    id: '150_product_variants',
    sql: productVariantsSql,
  },
  {
    // D25: changes of stock, options and variants are notified too, so the catalogue cache drops what they touch.
    id: '151_variant_notifications',
    sql: variantNotificationsSql,
  },
  {
    // D25: what the list filters and the filter panel's counts read (docs/products.md, "Filters").
    id: '160_product_filters',
    sql: productFiltersSql,
  },
  {
    // D25: each listing row carries its product's price, stock and option values: a category's filter panel counts read only its rows.
    id: '171_listing_facets',
    sql: listingFacetsSql,
  },
  {
    // D25: a price change names the prices before and after, so what it cannot move stays kept.
    id: '172_price_notifications',
    sql: priceNotificationsSql,
  },
  {
    // D21: a price change writes fewer index entries (two indexes repeated another).
    id: '173_fewer_price_indexes',
    sql: fewerPriceIndexesSql,
  },
];
