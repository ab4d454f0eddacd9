import type { Category } from './category';

/** A category with its sub-categories, for the collapsible sidebar tree. */
export type CategoryNode = Category & { children: CategoryNode[] };

/**
 * What is worked out of one category list, kept with the list (a shop's list is loaded once and
 * never changed; a server renders many pages from the same list of up to 100,000 categories).
 */
const childrenOfList = new WeakMap<readonly Category[], Map<number, Category[]>>();
const treeOfList = new WeakMap<readonly Category[], CategoryNode[]>();

/** parentCategoryId -> children, in input order; built once per list so lookups are O(1). */
function childrenByParent(categories: readonly Category[]): Map<number, Category[]> {
  const known = childrenOfList.get(categories);
  if (known) return known;
  const map = new Map<number, Category[]>();
  childrenOfList.set(categories, map);
  for (const category of categories) {
    if (category.parentCategoryId === null) continue;
    const siblings = map.get(category.parentCategoryId);
    if (siblings) siblings.push(category);
    else map.set(category.parentCategoryId, [category]);
  }
  return map;
}

/**
 * The category and all its descendants (SPEC section 4: resolved recursively), root first.
 * The root is always included, even when unknown, so a product list for it simply finds nothing.
 * Server data is not trusted to be a tree: a visited set stops cycles; O(n) overall.
 */
export function descendantIds(categories: readonly Category[], rootId: number): number[] {
  const children = childrenByParent(categories);
  const seen = new Set<number>([rootId]);
  const result: number[] = [rootId];
  // result doubles as the breadth-first queue
  for (let i = 0; i < result.length; i += 1) {
    for (const child of children.get(result[i]!) ?? []) {
      if (seen.has(child.categoryId)) continue;
      seen.add(child.categoryId);
      result.push(child.categoryId);
    }
  }
  return result;
}

/**
 * The category forest. Top level: categories without a parent and orphans whose parent is
 * missing (so nothing the server sends is hidden). Categories caught in a parent cycle are
 * unreachable from those; the member of each cycle that comes first in input order becomes a
 * top-level entry too, with the rest of its cycle and everything hanging below it nested inside.
 * Every category id appears exactly once (a repeated id keeps its first entry); children keep
 * input order. Iterative, so deep chains cannot overflow the stack.
 */
export function buildCategoryTree(categories: readonly Category[]): CategoryNode[] {
  const known = treeOfList.get(categories);
  if (known) return known;
  const tree = plantTree(categories);
  treeOfList.set(categories, tree);
  return tree;
}

function plantTree(categories: readonly Category[]): CategoryNode[] {
  const unique = new Map<number, Category>();
  for (const category of categories) {
    if (!unique.has(category.categoryId)) unique.set(category.categoryId, category);
  }
  const list = [...unique.values()];
  const order = new Map(list.map((category, index) => [category.categoryId, index]));
  const children = childrenByParent(list);
  const placed = new Set<number>();
  const roots: CategoryNode[] = [];

  const plant = (root: Category): void => {
    const rootNode: CategoryNode = { ...root, children: [] };
    placed.add(root.categoryId);
    roots.push(rootNode);
    const stack: CategoryNode[] = [rootNode];
    while (stack.length > 0) {
      const node = stack.pop()!;
      for (const child of children.get(node.categoryId) ?? []) {
        if (placed.has(child.categoryId)) continue;
        placed.add(child.categoryId);
        const childNode: CategoryNode = { ...child, children: [] };
        node.children.push(childNode);
        stack.push(childNode);
      }
    }
  };

  for (const category of list) {
    const parent = category.parentCategoryId;
    if (parent === null || !unique.has(parent)) plant(category);
  }
  // What is left hangs below a cycle: plant one member of each cycle, the rest follows.
  for (const category of list) {
    if (!placed.has(category.categoryId)) plant(cycleEntry(category, unique, order));
  }
  return roots;
}

/**
 * Walks up from an unplaced category (whose ancestors are all known and unplaced) until a
 * category repeats: that one is on a cycle. Returns the cycle member that comes first in input.
 */
function cycleEntry(start: Category, byId: Map<number, Category>, order: Map<number, number>): Category {
  const walked = new Set<number>();
  let current = start;
  while (!walked.has(current.categoryId)) {
    walked.add(current.categoryId);
    current = byId.get(current.parentCategoryId!)!;
  }
  let best = current;
  for (let member = byId.get(current.parentCategoryId!)!; member !== current; member = byId.get(member.parentCategoryId!)!) {
    if (order.get(member.categoryId)! < order.get(best.categoryId)!) best = member;
  }
  return best;
}

export function findCategory(categories: readonly Category[], id: number): Category | undefined {
  return categories.find((category) => category.categoryId === id);
}
