/**
 * 'Haber ver' (D25, docs/products.md "Back in stock"): the server's answers to
 * POST /api/product/{id}/notify, which the shop shows as they are; the fakes answer them too.
 */
export const STOCK_ALERT_ACCEPTED = "We'll email you when it is back in stock.";

/** 409: the product (or the variant asked about) can be bought now; nothing was stored. */
export const STOCK_ALERT_IN_STOCK = 'This product is in stock.';
