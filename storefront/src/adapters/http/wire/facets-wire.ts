import { z } from 'zod/mini';

const count = z.number().check(z.int(), z.nonnegative());

/** POST /api/product/facets (D25; docs/products.md, "Filters"): the filter panel's counts. */
export const wireFacetsSchema = z.object({
  total: count,
  price: z.nullable(z.object({ min: z.number(), max: z.number() })),
  inStock: count,
  options: z.array(z.object({ name: z.string(), values: z.array(z.object({ value: z.string(), count })) })),
});
