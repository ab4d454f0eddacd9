import { bench, describe } from 'vitest';
import { addToCart, cartTotals } from '@shop/core/domain/cart';
import type { Category } from '@shop/core/domain/category';
import { buildCategoryTree, descendantIds } from '@shop/core/domain/category-tree';
import type { Product } from '@shop/core/domain/product';

/** A random forest of `size` categories, each under an earlier one (or top level). */
function categories(size: number): Category[] {
  let seed = 42;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: size }, (_, index) => ({
    categoryId: index + 1,
    categoryName: `Category ${index + 1}`,
    parentCategoryId: index < 10 ? null : 1 + Math.floor(random() * index),
  }));
}

// Linear in the number of categories (issue 2): 10x the categories should cost about 10x.
describe('category tree', () => {
  for (const size of [1_000, 10_000, 100_000]) {
    const list = categories(size);
    bench(`descendantIds of a top category, ${size} categories`, () => {
      descendantIds(list, 1);
    });
    bench(`buildCategoryTree, ${size} categories`, () => {
      buildCategoryTree(list);
    });
  }
});

describe('cart', () => {
  const products: Product[] = Array.from({ length: 200 }, (_, index) => ({
    _id: `p${index}`,
    prodName: `Product ${index}`,
    images: [],
    prodPrice: 10 + index * 1.37,
  }));
  bench('add 200 distinct products then total', () => {
    let items = addToCart([], products[0]!);
    for (const product of products) items = addToCart(items, product);
    cartTotals(items);
  });
});
