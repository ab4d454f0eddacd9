import { makeAutoObservable, observableRef } from 'mobx';
import { type Order, isCancellable } from '@shop/core/domain/order';
import type { OrderGateway } from '@shop/core/ports/order-gateway';
import { accountMessages } from '../../texts/account-messages';
import type { AlertStore } from '../alert-store';
import { type LoadState, settle } from '../load-state';

/** The alerts and the confirm dialog, as this store uses them. */
export type Alerts = Pick<AlertStore, 'confirm' | 'showOutcome'>;

/** /orders/{id}: one order, and cancelling it while it is placed (D19) after the in-page confirm (D14). */
export class OrderDetailStore {
  order: LoadState<Order> = { status: 'loading' };
  cancelling = false;
  private request = 0;

  constructor(
    private readonly gateway: OrderGateway,
    private readonly alerts: Alerts,
  ) {
    makeAutoObservable<this, 'gateway' | 'alerts' | 'request'>(
      this,
      { order: observableRef, gateway: false, alerts: false, request: false },
      { autoBind: true },
    );
  }

  get canCancel(): boolean {
    return this.order.status === 'loaded' && isCancellable(this.order.data) && !this.cancelling;
  }

  async open(id: string): Promise<void> {
    const request = ++this.request;
    this.order = { status: 'loading' };
    this.cancelling = false;
    const order = await settle(this.gateway.getOrder(id));
    if (request === this.request) this.setOrder(order);
  }

  /** Asks first; a refusal (e.g. already cancelled elsewhere) says the server's reason. */
  async cancel(): Promise<void> {
    if (this.order.status !== 'loaded' || !this.canCancel) return;
    const { id, orderNumber } = this.order.data;
    if (!(await this.alerts.confirm(accountMessages.orders.confirmCancel(orderNumber)))) return;
    const request = this.request;
    this.cancelling = true;
    const outcome = await this.gateway.cancelOrder(id);
    if (request !== this.request) return;
    this.alerts.showOutcome(outcome, {
      ok: accountMessages.orders.cancelled,
      rejected: accountMessages.orders.cancelFailed,
      unavailable: accountMessages.orders.cancelError,
    });
    this.finishCancel(outcome.ok ? outcome.data : null);
  }

  private finishCancel(order: Order | null): void {
    this.cancelling = false;
    if (order) this.order = { status: 'loaded', data: order };
  }

  private setOrder(order: LoadState<Order>): void {
    this.order = order;
  }
}
