import { makeAutoObservable } from 'mobx';
import type { Address } from '@shop/core/domain/address';
import type { CartItem } from '@shop/core/domain/cart-item';
import { acceptanceOf, type ContractChanged, type OrderContract } from '@shop/core/domain/contract';
import type { Failure } from '@shop/core/domain/outcome';
import { type Order, type OrderRequest, type OutOfStock, type PaymentMethod, sameOrderRequest } from '@shop/core/domain/order';
import type { OrderGateway } from '@shop/core/ports/order-gateway';
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

/** Where the pre-information form and the distance sales contract of the current request stand. */
export type ContractState = 'waiting' | 'loading' | 'loaded' | 'error';

/**
 * 'Check Out' (D9, D19): the payment choice, then one order for the cart and both addresses.
 * Nothing is sent without items and both addresses. The Idempotency-Key is made once for this
 * request (cart, addresses, payment method) and kept until the order is placed, so a retry after
 * a network error or a double click is the same order; a changed request gets a new key.
 * D24: the server renders the pre-information form and the distance sales contract for the
 * request (`loadContract`); nothing is sent until the shopper ticks that they read them, and a
 * changed request (another text) unticks the box.
 */
export class PlaceOrderStore {
  paymentMethod: PaymentMethod = 'cash-on-delivery';
  placing = false;
  /** Why the last attempt placed nothing (shown beside the button); null when nothing to say. */
  problem: string | null = null;
  private attempt: { request: OrderRequest; key: string } | null = null;
  /** The documents for the current request, once the server rendered them. */
  contract: OrderContract | null = null;
  contractState: ContractState = 'waiting';
  /** The unticked box of D24: the shopper read and accepts both documents. */
  accepted = false;
  private contractFor: OrderRequest | null = null;

  constructor(
    private readonly addresses: ChosenAddresses,
    private readonly cart: OrderedCart,
    private readonly gateway: OrderGateway,
    private readonly newKey: () => string,
  ) {
    makeAutoObservable<this, 'addresses' | 'cart' | 'gateway' | 'newKey' | 'attempt' | 'contractFor'>(
      this,
      { addresses: false, cart: false, gateway: false, newKey: false, attempt: false, contractFor: false },
      { autoBind: true },
    );
  }

  choosePayment(method: PaymentMethod): void {
    this.paymentMethod = method;
  }

  setAccepted(accepted: boolean): void {
    this.accepted = accepted;
    if (accepted && this.problem === accountMessages.checkout.needsContract) this.problem = null;
  }

  /**
   * What the documents depend on (cart lines, addresses, payment), as one key; empty while the
   * request is incomplete. The view reloads the documents whenever it changes.
   */
  get contractKey(): string {
    const request = this.request();
    if (typeof request === 'string') return '';
    return JSON.stringify([request.lines, request.billingAddressId, request.shippingAddressId, request.paymentMethod]);
  }

  /**
   * Asks the server for the documents of the current request (D24). A text other than the one
   * accepted unticks the box: the shopper confirms what they were shown, nothing else.
   */
  async loadContract(): Promise<void> {
    const request = this.request();
    if (typeof request === 'string') {
      this.showContract(null, 'waiting', null);
      return;
    }
    if (this.contractFor && sameOrderRequest(this.contractFor, request) && this.contractState === 'loaded') return;
    this.contractFor = request;
    this.contractState = 'loading';
    const outcome = await this.gateway.orderContract(request);
    // A newer request started meanwhile: its answer is the one to show.
    if (this.contractFor !== request) return;
    if (outcome.ok) this.showContract(outcome.data, 'loaded', request);
    else this.showContract(null, 'error', null);
  }

  private showContract(contract: OrderContract | null, state: ContractState, request: OrderRequest | null): void {
    if (contract?.sha256 !== this.contract?.sha256) this.accepted = false;
    this.contract = contract;
    this.contractState = state;
    this.contractFor = request;
  }

  /** Places the order; answers it once placed (the cart is then empty), else null with `problem` set. */
  async place(): Promise<Order | null> {
    if (this.placing) return null;
    const request = this.request();
    if (typeof request === 'string') {
      this.problem = request;
      return null;
    }
    const contract = this.contractFor && sameOrderRequest(this.contractFor, request) ? this.contract : null;
    if (!contract) {
      this.problem = accountMessages.checkout.contractNotReady;
      if (this.contractState !== 'loading') void this.loadContract();
      return null;
    }
    if (!this.accepted) {
      this.problem = accountMessages.checkout.needsContract;
      return null;
    }
    if (!this.attempt || !sameOrderRequest(this.attempt.request, request)) this.attempt = { request, key: this.newKey() };
    const { key } = this.attempt;
    this.placing = true;
    this.problem = null;
    const outcome = await this.gateway.placeOrder(request, acceptanceOf(contract), key);
    if (!outcome.ok && outcome.kind === 'rejected' && outcome.reason === 'contract-changed') {
      // The server would sell under another text now: show it, to be read and ticked again.
      this.showContract(null, 'waiting', null);
      void this.loadContract();
    }
    return this.settle(outcome.ok ? outcome.data : null, outcome.ok ? null : this.wordFailure(outcome));
  }

  private settle(order: Order | null, problem: string | null): Order | null {
    this.placing = false;
    this.problem = problem;
    if (order) {
      this.attempt = null;
      this.accepted = false;
      this.contract = null;
      this.contractFor = null;
      this.contractState = 'waiting';
      this.cart.clear();
    }
    return order;
  }

  /**
   * A stock refusal (D25, `out-of-stock`: a 409 like a changed contract's, told apart by the
   * gateway) is shown in the server's words, which name the line and what is left; the cart, the
   * documents and the tick stay.
   */
  private wordFailure(outcome: Failure<ContractChanged | OutOfStock>): string | null {
    if (outcome.kind === 'rejected' && outcome.reason === 'contract-changed') return accountMessages.checkout.contractChanged;
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
      lines: this.cart.items.map((item) =>
        item.variantId === undefined
          ? { productId: item._id, quantity: item.quantity }
          : { productId: item._id, variantId: item.variantId, quantity: item.quantity },
      ),
      billingAddressId: billing._id,
      shippingAddressId: shipping._id,
      paymentMethod: this.paymentMethod,
    };
  }
}
