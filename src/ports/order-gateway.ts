import type { Outcome } from '../domain/outcome';
import type { Order, OrderRequest } from '../domain/order';

/** One page of the signed-in user's orders, newest first, and how many there are in all. */
export interface OrderPage {
  orders: Order[];
  total: number;
}

/** The signed-in user's orders (authenticated calls, D19). */
export interface OrderGateway {
  /** POST /api/orders; the same key with the same request answers the same order (a safe retry). */
  placeOrder(request: OrderRequest, idempotencyKey: string): Promise<Outcome<Order>>;
  /** GET /api/orders?limit&offset */
  listOrders(page: { limit: number; offset: number }): Promise<Outcome<OrderPage>>;
  /** GET /api/orders/{id} */
  getOrder(id: string): Promise<Outcome<Order>>;
  /** POST /api/orders/{id}/cancel */
  cancelOrder(id: string): Promise<Outcome<Order>>;
}
