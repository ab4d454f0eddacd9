import { makeAutoObservable } from 'mobx';
import type { Address } from '../../domain/address';
import type { CartItem } from '../../domain/cart-item';
import { type Order, type OrderRequest, type PaymentMethod, sameOrderRequest } from '../../domain/order';
import type { OrderGateway } from '../../ports/order-gateway';
import { accountMessages } from '../../texts/account-messages';

/** The two address boxes of checkout (CheckoutStore). */
export interface ChosenAddresses {
  readonly billing: Address | null;
  readonly shipping: Address | null;
}

/** The cart as placing an order needs it: its lines, and emptying it once the order stands. */
export interface OrderedCart {
  readonly items: readonly CartItem[];
  clear(): boolean;
}

/**
 * 'Check Out' (D9, D19): the payment choice, then one order for the cart and both addresses.
 * Nothing is sent without items and both addresses. The Idempotency-Key is made once for this
 * request (cart, addresses, payment method) and kept until the order is placed, so a retry after
 * a network error or a double click is the same order; a changed request gets a new key.
 */
export class PlaceOrderStore {
  paymentMethod: PaymentMethod = 'cash-on-delivery';
  placing = false;
  /** Why the last attempt placed nothing (shown beside the button); null when nothing to say. */
  problem: string | null = null;
  private attempt: { request: OrderRequest; key: string } | null = null;

  constructor(
    private readonly addresses: ChosenAddresses,
    private readonly cart: OrderedCart,
    private readonly gateway: OrderGateway,
    private readonly newKey: () => string,
  ) {
    makeAutoObservable<this, 'addresses' | 'cart' | 'gateway' | 'newKey' | 'attempt'>(
      this,
      { addresses: false, cart: false, gateway: false, newKey: false, attempt: false },
      { autoBind: true },
    );
  }

  choosePayment(method: PaymentMethod): void {
    this.paymentMethod = method;
  }

  /** Places the order; answers it once placed (the cart is then empty), else null with `problem` set. */
  async place(): Promise<Order | null> {
    if (this.placing) return null;
    const request = this.request();
    if (typeof request === 'string') {
      this.problem = request;
      return null;
    }
    if (!this.attempt || !sameOrderRequest(this.attempt.request, request)) this.attempt = { request, key: this.newKey() };
    const { key } = this.attempt;
    this.placing = true;
    this.problem = null;
    const outcome = await this.gateway.placeOrder(request, key);
    return this.settle(outcome.ok ? outcome.data : null, outcome.ok ? null : this.wordFailure(outcome));
  }

  private settle(order: Order | null, problem: string | null): Order | null {
    this.placing = false;
    this.problem = problem;
    if (order) {
      this.attempt = null;
      this.cart.clear();
    }
    return order;
  }

  private wordFailure(outcome: { kind: 'rejected' | 'unauthorised' | 'unavailable'; message?: string }): string | null {
    if (outcome.kind === 'unavailable') return accountMessages.checkout.placeError;
    if (outcome.kind === 'rejected') return outcome.message ?? accountMessages.checkout.placeFailed;
    // The session ended: the page goes home, nothing to add.
    return null;
  }

  /** The order this checkout asks for, or why there is none to send. */
  private request(): OrderRequest | string {
    const { billing, shipping } = this.addresses;
    if (this.cart.items.length === 0) return accountMessages.checkout.needsItems;
    if (!billing?._id) return accountMessages.checkout.needsBilling;
    if (!shipping?._id) return accountMessages.checkout.needsShipping;
    return {
      lines: this.cart.items.map((item) => ({ productId: item._id, quantity: item.quantity })),
      billingAddressId: billing._id,
      shippingAddressId: shipping._id,
      paymentMethod: this.paymentMethod,
    };
  }
}
