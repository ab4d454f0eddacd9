import type { Collection } from '../src/domain/product';
import catalog from './catalog.json';

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
  /** The Lucide icon (demo/product-icons.ts) of the category's pictures: a product of it without one of its own. */
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
  /** The Lucide icon its pictures show (demo/product-icons.ts): what the product is. */
  icon: string;
  /** The home carousels (D3) that show it. */
  collections: readonly Collection[];
  /** How many pictures product-image-svg.ts draws for it (positions 1..imageCount). */
  imageCount: number;
}

interface DemoCatalog {
  categories: readonly DemoCategory[];
  products: readonly DemoProduct[];
}

// JSON types its strings as `string`; the data test checks every collection is a real one.
const data = catalog as DemoCatalog;

export const demoCategories: readonly DemoCategory[] = data.categories;
export const demoProducts: readonly DemoProduct[] = data.products;
