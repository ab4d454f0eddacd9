import type { Category } from '@shop/core/domain/category';
import { descendantIds } from '@shop/core/domain/category-tree';
import { RELATED_MAX } from '@shop/core/domain/related-products';
import type { Db } from '../db/types';
import type { Made } from './catalog-cache';
import { type AnswerScope, EMPTY_SCOPE } from './catalog-change';
import type { CatalogRepository, ProductRecord } from './catalog-repository';

/**
 * The first products of each of `$ancestors`' listings (product_listing_order_idx: an index range
 * each, cut at the limit), never `$1`, merged in listing order: a product among the first `limit`
 * of all of them is among the first `limit` of its own category's.
 */
const firstListed = (ancestors: string, more = '') => `
  SELECT m.product_id AS id FROM (
    SELECT DISTINCT t.product_id, t.name_key
    FROM unnest(${ancestors}::int[]) AS a (id)
    CROSS JOIN LATERAL (
      SELECT l.product_id, l.name_key FROM product_listing l
      WHERE l.ancestor_id = a.id AND l.product_id <> $1${more}
      ORDER BY l.name_key, l.product_id LIMIT $2
    ) AS t
  ) AS m
  ORDER BY m.name_key, m.product_id LIMIT $2`;

/** The product's own categories, and the first of their listings. */
const SAME_CATEGORY = `
  SELECT EXISTS (SELECT 1 FROM products WHERE id = $1) AS known,
         ARRAY(SELECT c.category_id FROM product_categories c WHERE c.product_id = $1) AS categories,
         ARRAY(${firstListed('ARRAY(SELECT c.category_id FROM product_categories c WHERE c.product_id = $1)')}) AS ids`;

/**
 * The first of the parents' listings that are in none of the product's own categories. Asked only
 * when those hold fewer than RELATED_MAX others: the anti-join then passes over at most that many.
 */
const PARENT_CATEGORY = firstListed(
  '$3',
  ' AND NOT EXISTS (SELECT 1 FROM product_listing x WHERE x.ancestor_id = ANY ($4::int[]) AND x.product_id = l.product_id)',
);

/**
 * GET /api/product/{id}/related (docs/products.md): at most RELATED_MAX products, never the product
 * itself: those of its categories (all of them, and below them) in listing order, then those of
 * its categories' parents' other children. Undefined for an unknown product. Two queries at most,
 * each a few index ranges cut early, whatever the catalogue's size; the answer's scope is the
 * products it shows and the product itself (its categories), the listings it read (in listing
 * order: a name or a membership there changes it), and the category tree.
 */
export async function relatedProducts(
  db: Db,
  repository: CatalogRepository,
  categories: () => Promise<Made<Category[]>>,
  id: string,
): Promise<Made<ProductRecord[] | undefined>> {
  const same = await db.query<{ known: boolean; categories: number[]; ids: string[] }>(SAME_CATEGORY, [id, RELATED_MAX]);
  const row = same.rows[0];
  if (!row?.known) return { value: undefined, scope: { ...EMPTY_SCOPE, products: [id] }, bytes: 0 };
  const tree = (await categories()).value;
  const own = row.categories;
  const parents = parentsOf(tree, own);
  const ids = [...row.ids];
  if (ids.length < RELATED_MAX && parents.length > 0) {
    const near = await db.query<{ id: string }>(PARENT_CATEGORY, [id, RELATED_MAX - ids.length, parents, own]);
    ids.push(...near.rows.map((near) => near.id));
  }
  const found = await repository.findProducts(ids);
  const listed = new Set([...own, ...parents].flatMap((category) => descendantIds(tree, category)));
  const scope: AnswerScope = {
    products: [id, ...ids],
    lists: [{ categoryIds: [...listed].sort((a, b) => a - b), sort: 'name', searched: false }],
    categories: true,
  };
  return { value: ids.flatMap((related) => found.get(related) ?? []), scope, bytes: 0 };
}

/** The parents of `own` (each once), none of them one of `own`. */
function parentsOf(tree: readonly Category[], own: readonly number[]): number[] {
  const mine = new Set(own);
  const parents = new Set<number>();
  for (const category of tree) {
    const parent = category.parentCategoryId;
    if (mine.has(category.categoryId) && parent !== null && !mine.has(parent)) parents.add(parent);
  }
  return [...parents];
}
