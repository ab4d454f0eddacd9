import type { Outcome } from '../domain/outcome';

/** 'Haber ver' (D25, docs/products.md): one mail when a sold-out product or variant is back. */
export interface StockAlertGateway {
  /** POST /api/product/{id}/notify `{ email, variantId? }`: the server's message on success. */
  notifyWhenInStock(request: { productId: string; variantId?: string; email: string }): Promise<Outcome<string>>;
}
