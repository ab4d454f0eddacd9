/**
 * Migration 210_order_line_variants (D25, docs/products.md "Stock and orders"): an order line keeps
 * the variant it sold and that variant's label as they were (`M / Siyah`; the catalogue may change
 * later), and whether placing the order took its units from the stock, so that cancelling gives
 * back exactly what was taken (nothing for a line whose stock was not tracked then).
 */
export const orderLineVariantsSql = String.raw`
  ALTER TABLE order_lines ADD COLUMN variant_id text NULL CHECK (variant_id ~ '^[0-9a-f]{24}$');
  ALTER TABLE order_lines ADD COLUMN variant_label text NULL;
  ALTER TABLE order_lines ADD COLUMN stock_taken boolean NOT NULL DEFAULT false;
`;
