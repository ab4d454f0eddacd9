/** The four home carousels (D3); the same values the `product_collections` table accepts. */
export const collections = ['new', 'popular', 'unusual', 'discounted'] as const;

export type Collection = (typeof collections)[number];
