/** A catalogue product as the shop shows it (SPEC section 3). */
export interface Product {
  _id: string;
  prodName: string;
  prodDescription?: string;
  /** prodImg1, prodImg2, ... in order; at least one when the product has images. */
  images: string[];
  /** Dollars; undefined when the product carries no price (shown as N/A, D8). */
  prodPrice?: number;
}

/** The four home collections (D3). */
export type Collection = 'new' | 'popular' | 'unusual' | 'discounted';
