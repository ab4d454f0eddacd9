import type { Category } from './category';
import { descendantIds } from './category-tree';

/** How many related products a product page shows at most (docs/products.md, "Related products"). */
export const RELATED_MAX = 8;

/** A product as the related rule sees it: its id and the categories it is linked to. */
export interface ListedProduct {
  id: string;
  categoryIds: readonly number[];
}

/**
 * The related products of `productId` (GET /api/product/{id}/related, D25), by id: at most
 * RELATED_MAX, never the product itself; the products of its categories (all of them, and their
 * subcategories) first, then those of its categories' parents' other children, each in the order
 * of `listed` (the listing order). Undefined when `listed` has no such product. The reference
 * server answers the same with indexed SQL (api/src/catalog/related-products.ts); this is the
 * rule the fakes answer with, and the tests' model.
 */
export function relatedProductIds(
  listed: readonly ListedProduct[],
  categories: readonly Category[],
  productId: string,
): string[] | undefined {
  const product = listed.find((candidate) => candidate.id === productId);
  if (!product) return undefined;
  const own = new Set(product.categoryIds);
  const parents = categories
    .filter((category) => own.has(category.categoryId) && category.parentCategoryId !== null && !own.has(category.parentCategoryId))
    .map((category) => category.parentCategoryId as number);
  const same = subtrees(categories, own);
  const near = subtrees(categories, parents);
  const others = listed.filter((candidate) => candidate.id !== productId);
  const first = others.filter((candidate) => candidate.categoryIds.some((id) => same.has(id))).slice(0, RELATED_MAX);
  const then = others.filter(
    (candidate) => candidate.categoryIds.some((id) => near.has(id)) && !candidate.categoryIds.some((id) => same.has(id)),
  );
  return [...first, ...then].slice(0, RELATED_MAX).map((candidate) => candidate.id);
}

function subtrees(categories: readonly Category[], roots: Iterable<number>): Set<number> {
  return new Set([...roots].flatMap((root) => descendantIds(categories, root)));
}
