import { z } from 'zod';

/** Bounds on what a filter may name: more is no shopper's panel. */
export const FILTER_OPTIONS_MAX = 10;
export const FILTER_VALUES_MAX = 30;
export const FILTER_TEXT_MAX = 40;

const optionText = z
  .string()
  .min(1, `Option names and values must hold 1 to ${FILTER_TEXT_MAX} characters.`)
  .max(FILTER_TEXT_MAX, `Option names and values must hold 1 to ${FILTER_TEXT_MAX} characters.`);
const price = z.number().min(0, 'Prices must be 0 or more.');

/** The D25 filter fields of POST /api/product and POST /api/product/facets (docs/products.md, "Filters"). */
export const filterFields = {
  minPrice: price.optional().describe('Dollars, inclusive, on prodPrice: products without a price never match a price filter.'),
  maxPrice: price.optional().describe('Dollars, inclusive, on prodPrice; not less than minPrice.'),
  options: z
    .record(optionText, z.array(optionText).max(FILTER_VALUES_MAX, `An option may name at most ${FILTER_VALUES_MAX} values.`))
    .refine((options) => Object.keys(options).length <= FILTER_OPTIONS_MAX, `options may name at most ${FILTER_OPTIONS_MAX} options.`)
    .optional()
    .describe(
      `Option name -> values (at most ${FILTER_OPTIONS_MAX} options, ${FILTER_VALUES_MAX} values each, ${FILTER_TEXT_MAX} characters ` +
        'each): a product matches when one of its variants has one of the values of every named option (and, with inStock, ' +
        'is in stock). An option with no values is no filter.',
    ),
  inStock: z.boolean().optional().describe('true: only products that can be bought now (stock not tracked, or more than 0).'),
};

/** The D25 filter fields: a product-list body with any of them is one page, answered with X-Total-Count. */
export const filterFieldNames = Object.keys(filterFields) as (keyof typeof filterFields)[];

/** minPrice above maxPrice is no range: a 400 naming both. */
export function withPriceRange<T extends z.ZodType<{ minPrice?: number; maxPrice?: number }>>(schema: T) {
  return schema.refine((body) => body.minPrice === undefined || body.maxPrice === undefined || body.minPrice <= body.maxPrice, {
    message: 'minPrice must not be more than maxPrice.',
    path: ['minPrice'],
  });
}
