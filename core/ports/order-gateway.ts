import type { Outcome } from '../domain/outcome';
import type { ContractAcceptance, ContractChanged, OrderContract } from '../domain/contract';
import type { Order, OrderRequest, OutOfStock } from '../domain/order';

/** One page of the signed-in user's orders, newest first, and how many there are in all. */
export interface OrderPage {
  orders: Order[];
  total: number;
}

/** The signed-in user's orders (authenticated calls, D19). */
export interface OrderGateway {
  /** POST /api/orders/contract: the pre-information form and the distance sales contract for this request (D24). */
  orderContract(request: OrderRequest): Promise<Outcome<OrderContract>>;
  /**
   * POST /api/orders with the accepted contract (D24); the same key with the same request answers
   * the same order (a safe retry). A 409 means the documents changed since they were rendered
   * (`contract-changed`), or a line asks for more than is left (`out-of-stock`, D25: nothing was
   * placed; the message names the product and how many are left).
   */
  placeOrder(
    request: OrderRequest,
    acceptance: ContractAcceptance,
    idempotencyKey: string,
  ): Promise<Outcome<Order, ContractChanged | OutOfStock>>;
  /** GET /api/orders?limit&offset */
  listOrders(page: { limit: number; offset: number }): Promise<Outcome<OrderPage>>;
  /** GET /api/orders/{id} */
  getOrder(id: string): Promise<Outcome<Order>>;
  /** POST /api/orders/{id}/cancel */
  cancelOrder(id: string): Promise<Outcome<Order>>;
}
