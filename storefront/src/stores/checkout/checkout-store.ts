import { makeAutoObservable } from 'mobx';
import type { Address } from '@shop/core/domain/address';
import type { SignedInUser } from '../session-roles';

/** The signed-in user's saved addresses, newest first (the address book owns them). */
export interface SavedAddresses {
  readonly addresses: Address[];
}

export type AddressRole = 'billing' | 'shipping';

/** What the shopper did with a box: nothing yet (the default address shows), cleared, or an address id. */
type Choice = { kind: 'untouched' } | { kind: 'cleared' } | { kind: 'chosen'; id: string };

/**
 * Billing and shipping address selection at checkout (SPEC section 2). Both boxes start with the
 * user's default address (shoppers expect it); choosing fills a box, Remove clears it. Choices
 * belong to the user who made them: another sign-in starts afresh.
 */
export class CheckoutStore {
  /** The box whose address list is open in the modal. */
  picking: AddressRole | null = null;
  private choices: Record<AddressRole, Choice> = { billing: { kind: 'untouched' }, shipping: { kind: 'untouched' } };
  private owner: string | null = null;

  constructor(
    private readonly session: SignedInUser,
    private readonly book: SavedAddresses,
  ) {
    makeAutoObservable<this, 'session' | 'book'>(this, { session: false, book: false }, { autoBind: true });
  }

  get addresses(): Address[] {
    return this.book.addresses;
  }

  get billing(): Address | null {
    return this.resolve('billing');
  }

  get shipping(): Address | null {
    return this.resolve('shipping');
  }

  open(role: AddressRole): void {
    this.picking = role;
  }

  close(): void {
    this.picking = null;
  }

  /** Fills the box the modal was opened for, and closes it. */
  choose(address: Address): void {
    if (this.picking === null || !address._id) return;
    this.setChoice(this.picking, { kind: 'chosen', id: address._id });
    this.picking = null;
  }

  clear(role: AddressRole): void {
    this.setChoice(role, { kind: 'cleared' });
  }

  private setChoice(role: AddressRole, choice: Choice): void {
    const userId = this.session.user?._id ?? null;
    if (this.owner !== userId) {
      this.choices = { billing: { kind: 'untouched' }, shipping: { kind: 'untouched' } };
      this.owner = userId;
    }
    this.choices = { ...this.choices, [role]: choice };
  }

  private resolve(role: AddressRole): Address | null {
    const addresses = this.addresses;
    const choice = this.owner === (this.session.user?._id ?? null) ? this.choices[role] : { kind: 'untouched' as const };
    if (choice.kind === 'cleared') return null;
    if (choice.kind === 'chosen') {
      const chosen = addresses.find((address) => address._id === choice.id);
      if (chosen) return chosen;
    }
    // Untouched, or the chosen address was deleted since: the default stands in.
    return addresses.find((address) => address.isDefaultAddress) ?? null;
  }
}
