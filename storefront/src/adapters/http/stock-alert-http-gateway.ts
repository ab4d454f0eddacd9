import { z } from 'zod/mini';
import type { Outcome } from '@shop/core/domain/outcome';
import type { StockAlertGateway } from '@shop/core/ports/stock-alert-gateway';
import type { HttpClient } from './http-client';
import { toOutcome } from './to-outcome';

/** 202 `{ success: true, message }`: the message is what the shop shows. */
const wireStockAlertAnswerSchema = z.looseObject({ message: z.string() });

/** 'Haber ver' (D25, docs/products.md): POST /api/product/{id}/notify, public. */
export class StockAlertHttpGateway implements StockAlertGateway {
  constructor(private readonly http: HttpClient) {}

  async notifyWhenInStock({
    productId,
    variantId,
    email,
  }: {
    productId: string;
    variantId?: string;
    email: string;
  }): Promise<Outcome<string>> {
    const body = variantId === undefined ? { email } : { email, variantId };
    const response = await this.http.request('POST', `/api/product/${encodeURIComponent(productId)}/notify`, { body });
    return toOutcome(response, wireStockAlertAnswerSchema, ({ message }) => message);
  }
}
