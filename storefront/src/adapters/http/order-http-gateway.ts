import type { ContractAcceptance, ContractChanged, OrderContract } from '@shop/core/domain/contract';
import { isNotEnoughStockMessage, type Order, type OrderRequest, type OutOfStock } from '@shop/core/domain/order';
import type { Outcome } from '@shop/core/domain/outcome';
import type { OrderGateway, OrderPage } from '@shop/core/ports/order-gateway';
import type { SessionCredentials } from '@shop/core/ports/session-credentials';
import { AuthenticatedHttp } from './authenticated-http';
import type { HttpClient } from './http-client';
import { toOutcome } from './to-outcome';
import { TOTAL_COUNT, totalCount } from './total-count';
import {
  toOrder,
  toOrderContract,
  toWireOrderRequest,
  toWirePlaceOrder,
  wireOrderAnswerSchema,
  wireOrderContractAnswerSchema,
  wireOrderListSchema,
} from './wire/order-wire';

export class OrderHttpGateway implements OrderGateway {
  private readonly authenticated: AuthenticatedHttp;

  constructor(http: HttpClient, session: SessionCredentials) {
    this.authenticated = new AuthenticatedHttp(http, session);
  }

  async orderContract(request: OrderRequest): Promise<Outcome<OrderContract>> {
    const response = await this.authenticated.request('POST', '/api/orders/contract', { body: toWireOrderRequest(request) });
    return toOutcome(response, wireOrderContractAnswerSchema, ({ contract }) => toOrderContract(contract));
  }

  async placeOrder(
    request: OrderRequest,
    acceptance: ContractAcceptance,
    idempotencyKey: string,
  ): Promise<Outcome<Order, ContractChanged | OutOfStock>> {
    const response = await this.authenticated.request('POST', '/api/orders', {
      body: toWirePlaceOrder(request, acceptance),
      headers: { 'Idempotency-Key': idempotencyKey },
    });
    const outcome = toOutcome(response, wireOrderAnswerSchema, ({ order }) => toOrder(order), { 409: 'contract-changed' as const });
    // A 409 is a changed contract, or a line asking for more than is left (D25): its message tells.
    if (!outcome.ok && outcome.kind === 'rejected' && isNotEnoughStockMessage(outcome.message))
      return { ...outcome, reason: 'out-of-stock' };
    return outcome;
  }

  /** The total is the answer's X-Total-Count; without one, the page is all there is. */
  async listOrders({ limit, offset }: { limit: number; offset: number }): Promise<Outcome<OrderPage>> {
    const response = await this.authenticated.request('GET', `/api/orders?limit=${limit}&offset=${offset}`, { readHeaders: [TOTAL_COUNT] });
    return toOutcome(response, wireOrderListSchema, ({ orders }) => ({
      orders: orders.map(toOrder),
      total: totalCount(response, offset, orders.length),
    }));
  }

  async getOrder(id: string): Promise<Outcome<Order>> {
    const response = await this.authenticated.request('GET', `/api/orders/${encodeURIComponent(id)}`);
    return toOutcome(response, wireOrderAnswerSchema, ({ order }) => toOrder(order));
  }

  async cancelOrder(id: string): Promise<Outcome<Order>> {
    const response = await this.authenticated.request('POST', `/api/orders/${encodeURIComponent(id)}/cancel`, { body: {} });
    return toOutcome(response, wireOrderAnswerSchema, ({ order }) => toOrder(order));
  }
}
