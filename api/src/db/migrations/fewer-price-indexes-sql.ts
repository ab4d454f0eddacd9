/**
 * Migration 173_fewer_price_indexes: a price change writes fewer index entries.
 *
 * A product's price sits in indexes of `products` (its price orders) and on each of its listing
 * rows inside the counts' covering index (migration 171), so a price change is never a HOT update:
 * the product's row and each of its listing rows (one per category it is in, directly or below:
 * about five) are written again with an entry in every index of their tables, and after a
 * checkpoint each of those index pages first goes to the WAL whole. Two indexes repeated another:
 *
 * - the listing's primary key (ancestor_id, product_id) and the counts' index (ancestor_id)
 *   INCLUDE (…) held the same rows in nearly the same order: the primary key now includes what the
 *   counts read, and the counts' index is gone. A category's counts are still one index-only range,
 *   and the point read of one listing row (a price change followed, catalog-filters.ts) finds the
 *   price in the same entry;
 * - `products_filter_idx` (id) INCLUDE (price, stock) repeated the primary key for the price filter
 *   of a category's list, which reads the listing rows since migration 171. A search or a
 *   collection filtered by price reads the products' rows, which it fetches anyway.
 *
 * At a million products (docs/performance.md) a price change took 1.7 ms of the database instead
 * of 2.1–2.3, and the listing's indexes 1.8 GB instead of 2.9.
 */
export const fewerPriceIndexesSql = String.raw`
  ALTER TABLE product_listing DROP CONSTRAINT product_listing_pkey;
  DROP INDEX product_listing_facets_idx;
  ALTER TABLE product_listing ADD PRIMARY KEY (ancestor_id, product_id)
    INCLUDE (price, buyable, stocked_pairs, pairs, pair_ranks, pair_places, pair_stocked);
  DROP INDEX products_filter_idx;
  ANALYZE product_listing;
`;
