/** A catalogue product as the shop shows it (SPEC section 3, D25). */
export interface Product {
  _id: string;
  prodName: string;
  prodDescription?: string;
  /** prodImg1, prodImg2, ... in order; at least one when the product has images. */
  images: string[];
  /** Dollars; undefined when the product carries no price (shown as N/A, D8). For a product with variants: its base price. */
  prodPrice?: number;
  /**
   * Units that can be bought now (D25): the product's own stock, or the sum over its variants.
   * Undefined when the shop does not track the product's stock (SPEC's products): always available.
   */
  prodStock?: number;
  /** The options a shopper chooses from (e.g. Beden: S, M, L), in display order; absent without variants. */
  prodOptions?: ProductOption[];
  /** Every variant (GET /api/product/{id} only; lists leave them out). */
  prodVariants?: ProductVariant[];
}

/** One choice a product with variants offers, e.g. `{ name: 'Beden', values: ['S', 'M', 'L'] }`. */
export interface ProductOption {
  name: string;
  values: string[];
}

/** One buyable combination of option values (D25). */
export interface ProductVariant {
  _id: string;
  /** One value per option of the product, in the product's option order. */
  options: string[];
  /** The values joined for people: `M / Siyah`. */
  label: string;
  /** Dollars; undefined: the product's price. */
  price?: number;
  /** Units that can be bought now; 0 = sold out. */
  stock: number;
  /** Its own pictures (URLs as the product's), first shown first; undefined: the product's. */
  images?: string[];
}

/** The four home collections (D3). */
export type Collection = 'new' | 'popular' | 'unusual' | 'discounted';

/** What a product list is of: categories (SPEC), a home collection (D3), or the whole catalogue. */
export type ProductQuery = { allCategoryIds: number[] } | { collection: Collection } | Record<string, never>;

/** The products of one page of a listing and how many match in all (D18). */
export interface ProductPage {
  products: Product[];
  total: number;
}
