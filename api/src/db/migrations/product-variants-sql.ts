/**
 * Migration 150_product_variants (D25, docs/products.md): a product may offer options (Beden: S, M,
 * L) and be sold as variants, each a combination of one value per option with its own stock and,
 * optionally, its own price and pictures.
 *
 * - `products.stock`: units that can be bought now; NULL = not tracked (SPEC's products, always
 *   available). For a product with variants it is the sum of its variants' stock, kept so by the
 *   trigger below (whoever writes the variants: the seed, an order, psql, a supplier feed).
 * - `product_options`: the product's options in display order, each with its values in display order.
 * - `product_variants`: one row per buyable combination; `option_values` holds one value per
 *   option, in option order; `price` NULL = the product's price; `image_positions` NULL = the
 *   product's pictures, else which of them (product_images positions), first shown first.
 */
export const productVariantsSql = String.raw`
  ALTER TABLE products ADD COLUMN stock integer NULL CHECK (stock >= 0);

  CREATE TABLE product_options (
    product_id text NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    position integer NOT NULL CHECK (position >= 1),
    name text NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
    option_values text[] NOT NULL CHECK (cardinality(option_values) >= 1),
    PRIMARY KEY (product_id, position),
    UNIQUE (product_id, name)
  );

  CREATE TABLE product_variants (
    id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
    product_id text NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    position integer NOT NULL CHECK (position >= 1),
    option_values text[] NOT NULL CHECK (cardinality(option_values) >= 1),
    price numeric(12, 2) NULL CHECK (price >= 0),
    stock integer NOT NULL CHECK (stock >= 0),
    image_positions integer[] NULL,
    UNIQUE (product_id, position),
    UNIQUE (product_id, option_values)
  );

  -- A product's stock is its variants' sum: one statement on variants updates each product it touched once.
  CREATE FUNCTION product_variants_sum_stock() RETURNS trigger
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
      UPDATE products p SET stock = s.total
        FROM (SELECT v.product_id, sum(v.stock)::int AS total FROM product_variants v
              WHERE v.product_id IN (SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows) GROUP BY v.product_id) s
        WHERE p.id = s.product_id AND p.stock IS DISTINCT FROM s.total;
    END IF;
    RETURN NULL;
  END
  $$;
  CREATE TRIGGER product_variants_stock_inserted AFTER INSERT ON product_variants
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_variants_sum_stock();
  CREATE TRIGGER product_variants_stock_updated AFTER UPDATE ON product_variants
    REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_variants_sum_stock();
  CREATE TRIGGER product_variants_stock_deleted AFTER DELETE ON product_variants
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_variants_sum_stock();
`;
