import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Category } from './category';
import { type CategoryNode, buildCategoryTree, descendantIds, findCategory } from './category-tree';

function cat(categoryId: number, parentCategoryId: number | null): Category {
  return { categoryId, categoryName: `C${categoryId}`, parentCategoryId };
}

// 1 ─ 2 ─ 4
//   └ 3   └ 5
// 6
// 7 (parent 99 is missing: an orphan)
const shop = Object.freeze([cat(1, null), cat(2, 1), cat(3, 1), cat(4, 2), cat(5, 4), cat(6, null), cat(7, 99)]);

/** [id, children] pairs: a compact picture of the forest. */
type Shape = [number, Shape[]];
const shape = (nodes: CategoryNode[]): Shape[] => nodes.map((n) => [n.categoryId, shape(n.children)]);

/** Pre-order ids; iterative so the deep-chain test does not overflow here either. */
function flatten(nodes: CategoryNode[]): number[] {
  const ids: number[] = [];
  const stack = [...nodes].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    ids.push(node.categoryId);
    stack.push(...[...node.children].reverse());
  }
  return ids;
}

describe('descendantIds', () => {
  it.each([
    { name: 'root with a three-level subtree', root: 1, expected: [1, 2, 3, 4, 5] },
    { name: 'inner category', root: 2, expected: [2, 4, 5] },
    { name: 'leaf', root: 5, expected: [5] },
    { name: 'other top level', root: 6, expected: [6] },
    { name: 'unknown id is still queried', root: 42, expected: [42] },
    { name: 'missing parent of an orphan reaches the orphan', root: 99, expected: [99, 7] },
  ])('$name', ({ root, expected }) => {
    expect(descendantIds(shop, root)).toEqual(expected);
  });

  it.each([
    { name: 'two-cycle', categories: [cat(1, 2), cat(2, 1)], root: 1, expected: [1, 2] },
    { name: 'self parent', categories: [cat(1, 1)], root: 1, expected: [1] },
    {
      name: 'cycle below the root',
      categories: [cat(1, null), cat(2, 3), cat(3, 2), cat(4, 1), cat(2, 4)],
      root: 1,
      expected: [1, 4, 2, 3],
    },
    { name: 'repeated entry', categories: [cat(1, null), cat(2, 1), cat(2, 1)], root: 1, expected: [1, 2] },
  ])('survives $name', ({ categories, root, expected }) => {
    expect(descendantIds(categories, root)).toEqual(expected);
  });
});

describe('buildCategoryTree', () => {
  it('nests children under their parents, orphans at the top level', () => {
    expect(shape(buildCategoryTree(shop))).toEqual([
      [
        1,
        [
          [2, [[4, [[5, []]]]]],
          [3, []],
        ],
      ],
      [6, []],
      [7, []],
    ]);
  });

  it('keeps the category fields on each node', () => {
    const [first] = buildCategoryTree([cat(1, null)]);
    expect(first).toEqual({ categoryId: 1, categoryName: 'C1', parentCategoryId: null, children: [] });
  });

  it.each([
    { name: 'a two-cycle becomes one top-level entry', categories: [cat(1, 2), cat(2, 1)], expected: [[1, [[2, []]]]] },
    { name: 'a self parent is shown at the top level', categories: [cat(5, 5)], expected: [[5, []]] },
    {
      name: 'a cycle hanging off nothing, beside a normal root',
      categories: [cat(1, null), cat(2, 3), cat(3, 2), cat(4, 3)],
      expected: [
        [1, []],
        [2, [[3, [[4, []]]]]],
      ],
    },
    {
      name: 'a category below a cycle stays under its parent, the cycle is entered at its first member',
      categories: [cat(5, 13), cat(8, 13), cat(13, 8)],
      expected: [[8, [[13, [[5, []]]]]]],
    },
    { name: 'a repeated id keeps its first entry', categories: [cat(1, null), cat(2, 1), cat(2, null)], expected: [[1, [[2, []]]]] },
    { name: 'empty list', categories: [], expected: [] },
  ])('$name', ({ categories, expected }) => {
    expect(shape(buildCategoryTree(categories))).toEqual(expected);
  });

  it('handles a very deep chain without overflowing the stack', () => {
    const chain = Array.from({ length: 20000 }, (_, i) => cat(i, i === 0 ? null : i - 1));
    expect(flatten(buildCategoryTree(chain))).toHaveLength(20000);
    expect(descendantIds(chain, 0)).toHaveLength(20000);
  });
});

describe('findCategory', () => {
  it.each([
    { id: 4, expected: cat(4, 2) },
    { id: 99, expected: undefined },
  ])('$id', ({ id, expected }) => {
    expect(findCategory(shop, id)).toEqual(expected);
  });
});

// Random parent maps over ids 0..n-1: any parent (including itself, so cycles), null, or a missing id.
const randomCategories = fc.integer({ min: 0, max: 25 }).chain((n) =>
  fc
    .array(fc.oneof(fc.constant(null), fc.integer({ min: 0, max: Math.max(0, n - 1) }), fc.constant(1000)), {
      minLength: n,
      maxLength: n,
    })
    .map((parents) => parents.map((parent, id) => cat(id, parent))),
);

/** Reference: reachability by repeated relaxation, no cleverness. */
function reachable(categories: Category[], root: number): Set<number> {
  const found = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const c of categories) {
      if (c.parentCategoryId !== null && found.has(c.parentCategoryId) && !found.has(c.categoryId)) {
        found.add(c.categoryId);
        grew = true;
      }
    }
  }
  return found;
}

describe('category tree invariants', () => {
  it('descendantIds terminates, starts at the root, has no repeats and equals the reachable set', () => {
    fc.assert(
      fc.property(randomCategories, fc.integer({ min: 0, max: 30 }), (categories, root) => {
        const result = descendantIds(categories, root);
        expect(result[0]).toBe(root);
        expect(new Set(result).size).toBe(result.length);
        const ids = new Set([root, ...categories.map((c) => c.categoryId)]);
        for (const id of result) expect(ids.has(id)).toBe(true);
        expect(new Set(result)).toEqual(reachable(categories, root));
      }),
    );
  });

  it('buildCategoryTree places every category exactly once, under its parent when it can', () => {
    fc.assert(
      fc.property(randomCategories, (categories) => {
        const tree = buildCategoryTree(categories);
        const flat = flatten(tree);
        expect([...flat].sort((a, b) => a - b)).toEqual(categories.map((c) => c.categoryId));
        const check = (nodes: CategoryNode[], parent: number | null) => {
          for (const node of nodes) {
            if (parent !== null) expect(node.parentCategoryId).toBe(parent);
            check(node.children, node.categoryId);
          }
        };
        check(tree, null);
        for (const top of tree) {
          const parent = top.parentCategoryId;
          const parentKnown = parent !== null && categories.some((c) => c.categoryId === parent);
          // a known parent at the top level only happens when breaking a cycle, at its first member
          if (parentKnown) {
            const cycle = [...reachable(categories, top.categoryId)].filter((id) => reachable(categories, id).has(top.categoryId));
            expect(cycle).toContain(parent);
            expect(Math.min(...cycle)).toBe(top.categoryId);
          }
        }
      }),
    );
  });

  it('neither function changes its input', () => {
    fc.assert(
      fc.property(randomCategories, (categories) => {
        const frozen = Object.freeze(categories.map((c) => Object.freeze(c)));
        const snapshot = structuredClone(categories);
        buildCategoryTree(frozen);
        descendantIds(frozen, 0);
        expect(categories).toEqual(snapshot);
      }),
    );
  });
});
