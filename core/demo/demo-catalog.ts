import type { Collection } from '../domain/product';
import catalog from './catalog.json';
import { variantIdFromSlug } from './product-id';

/**
 * The demo shop, one copy for everyone: the server seeds it into its database, the in-memory
 * fakes (Storybook, `npm run dev:fake`, component tests) answer from it. The data lives in
 * catalog.json (one record a line, so it grows as data, not code); demo-catalog.test.ts checks it.
 */
export interface DemoCategory {
  /** Fixed by hand, the digits follow the path (1 > 11 > 111), so links stay valid as it grows. */
  categoryId: number;
  name: string;
  parentCategoryId: number | null;
  /** The Lucide icon (core/demo/product-icons.ts) of the category's pictures: a product of it without one of its own. */
  icon: string;
}

export interface DemoProduct {
  /** Stable slug; the product id is derived from it (product-id.ts). */
  slug: string;
  name: string;
  description: string | null;
  /** Dollars (D8); null = no price (shown as N/A). */
  price: number | null;
  /** The leaf category the product lives in. */
  categoryId: number;
  /** The Lucide icon its pictures show (core/demo/product-icons.ts): what the product is. */
  icon: string;
  /** The home carousels (D3) that show it. */
  collections: readonly Collection[];
  /** How many pictures product-image-svg.ts draws for it (positions 1..imageCount). */
  imageCount: number;
  /** Units in stock of a product without variants (D25); absent: not tracked (always available). */
  stock?: number;
  /** What a shopper chooses from (D25): each option's values in display order; absent without variants. */
  options?: readonly DemoOption[];
  /** One entry per buyable combination (D25), each value of `options` in option order. */
  variants?: readonly DemoVariant[];
}

export interface DemoOption {
  name: string;
  values: readonly string[];
}

/** A variant: its id is derived from the product's slug and its values (product-id.ts). */
export interface DemoVariant {
  /** One value per option, in option order. */
  options: readonly string[];
  stock: number;
  /** Dollars; absent: the product's price. */
  price?: number;
  /** Which of the product's pictures (positions), first shown first; absent: the product's. */
  images?: readonly number[];
}

interface DemoCatalog {
  categories: readonly DemoCategory[];
  products: readonly DemoProduct[];
}

// JSON types its strings as `string`; the data test checks every collection is a real one.
const data = catalog as DemoCatalog;

export const demoCategories: readonly DemoCategory[] = data.categories;
export const demoProducts: readonly DemoProduct[] = data.products;

/** A demo variant with its stable id (product-id.ts) and its label as the shop shows it (`M / Siyah`). */
export interface IdentifiedDemoVariant extends DemoVariant {
  id: string;
  label: string;
}

/** The product's variants with their ids and labels, in file order (position 1 first); none without variants. */
export function demoVariantsOf(product: DemoProduct): IdentifiedDemoVariant[] {
  return (product.variants ?? []).map((variant) => ({
    ...variant,
    id: variantIdFromSlug(product.slug, variant.options),
    label: variant.options.join(' / '),
  }));
}
