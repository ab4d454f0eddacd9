import { makeAutoObservable, observableRef } from 'mobx';
import type { OrderGateway, OrderPage } from '@shop/core/ports/order-gateway';
import { type LoadState, settle } from '../load-state';

/** Orders shown per page of /orders. */
export const ORDERS_PER_PAGE = 20;

/** /orders: the signed-in user's orders, newest first, a page at a time. */
export class OrderListStore {
  page: LoadState<OrderPage> = { status: 'loading' };
  /** Zero-based. */
  pageIndex = 0;
  private request = 0;

  constructor(private readonly gateway: OrderGateway) {
    makeAutoObservable<this, 'gateway' | 'request'>(this, { page: observableRef, gateway: false, request: false }, { autoBind: true });
  }

  get pageCount(): number {
    return this.page.status === 'loaded' ? Math.max(1, Math.ceil(this.page.data.total / ORDERS_PER_PAGE)) : 1;
  }

  async load(pageIndex = 0): Promise<void> {
    const request = ++this.request;
    this.pageIndex = Math.max(0, pageIndex);
    this.page = { status: 'loading' };
    const page = await settle(this.gateway.listOrders({ limit: ORDERS_PER_PAGE, offset: this.pageIndex * ORDERS_PER_PAGE }));
    if (request === this.request) this.setPage(page);
  }

  private setPage(page: LoadState<OrderPage>): void {
    this.page = page;
  }
}
