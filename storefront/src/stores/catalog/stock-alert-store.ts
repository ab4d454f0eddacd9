import { makeAutoObservable } from 'mobx';
import { isEmailAddress } from '@shop/core/domain/email-address';
import type { StockAlertGateway } from '@shop/core/ports/stock-alert-gateway';
import { messages } from '../../texts/messages';

/** Where the 'Haber ver' form is: closed, filled in, sending, sent (the server's message) or failed. */
export type StockAlertState =
  | { status: 'closed' }
  | { status: 'editing' }
  | { status: 'sending' }
  | { status: 'sent'; message: string }
  | { status: 'failed'; message: string };

/** What a 'Haber ver' form asks about: a product, or one variant of it. */
export interface StockAlertTarget {
  productId: string;
  variantId?: string;
}

/**
 * 'Haber ver' for one sold-out product or variant (D25): a small form asking for an e-mail
 * address (the signed-in shopper's to begin with), sent through the StockAlertGateway port.
 */
export class StockAlertStore {
  state: StockAlertState = { status: 'closed' };
  email = '';
  /** Whether to show the address's check (after a first try to send). */
  private triedToSend = false;

  constructor(
    private readonly gateway: StockAlertGateway,
    private readonly target: StockAlertTarget,
  ) {
    makeAutoObservable<this, 'gateway' | 'target'>(this, { gateway: false, target: false }, { autoBind: true });
  }

  /** Opens the form, with `email` (the signed-in shopper's) when nothing is typed yet. */
  open(email?: string): void {
    if (this.state.status !== 'closed') return;
    if (this.email === '' && email) this.email = email;
    this.state = { status: 'editing' };
  }

  setEmail(email: string): void {
    this.email = email;
    if (this.state.status === 'failed') this.state = { status: 'editing' };
  }

  /** The address's problem, once the shopper has tried to send it. */
  get emailError(): string | undefined {
    return this.triedToSend && !isEmailAddress(this.email.trim()) ? messages.product.notifyInvalidEmail : undefined;
  }

  async send(): Promise<void> {
    if (this.state.status === 'sending' || this.state.status === 'sent') return;
    this.triedToSend = true;
    const email = this.email.trim();
    if (!isEmailAddress(email)) return;
    this.state = { status: 'sending' };
    const outcome = await this.gateway.notifyWhenInStock({ ...this.target, email });
    this.finish(
      outcome.ok
        ? { status: 'sent', message: outcome.data }
        : {
            status: 'failed',
            message: messages.product.notifyFailed(
              outcome.message ?? (outcome.kind === 'unavailable' ? messages.errors.network : messages.errors.requestFailed),
            ),
          },
    );
  }

  private finish(state: StockAlertState): void {
    this.state = state;
  }
}
