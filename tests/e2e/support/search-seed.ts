import type { Db } from '../../../api/src/db/types';

/**
 * Products the search journey pages through (D18): 30 teapots, more than one page of 24, added
 * to the e2e database beside the demo shop. They belong to no category and no home collection,
 * so the category lists and carousels the other journeys walk stay as the demo shop has them;
 * only the all-products list and a search see them. No demo product's name holds "Işıltı".
 */
export const SEARCH_SEED = Array.from({ length: 30 }, (_, index) => {
  const number = String(index + 1).padStart(2, '0');
  return {
    // 24 lowercase hex digits, as the server's product ids.
    id: `5ea7c0000000000000000${String(index + 1).padStart(3, '0')}`,
    name: `Çaydanlık Işıltı ${number}`,
    description: 'Paslanmaz çelik, düdüklü.',
    // Prices out of name order, so sorting by price shows.
    price: 100 + ((index * 7) % 30),
  };
});

/** Writes the teapots (the change's notification drops the answers it touches). */
export async function seedSearchProducts(db: Db): Promise<void> {
  await db.query(
    `INSERT INTO products (id, name, description, price)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::numeric[])`,
    [
      SEARCH_SEED.map((product) => product.id),
      SEARCH_SEED.map((product) => product.name),
      SEARCH_SEED.map((product) => product.description),
      SEARCH_SEED.map((product) => product.price.toFixed(2)),
    ],
  );
}
