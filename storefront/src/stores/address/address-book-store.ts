import { makeAutoObservable, observable, reaction, runInAction } from 'mobx';
import type { Address } from '@shop/core/domain/address';
import {
  addressKey,
  emptyAddress,
  holdsOnlyServerIds,
  isServerId,
  NEW_ADDRESS_KEY,
  optimisticSave,
  reconcileSaved,
  removeAddress,
  sortNewestFirst,
  temporaryId,
} from '@shop/core/domain/address-book';
import { rollBack } from '@shop/core/domain/address-roll-back';
import { accountMessages } from '../../texts/account-messages';
import type { AddressGateway } from '@shop/core/ports/address-gateway';
import type { AlertStore } from '../alert-store';
import type { UserRecord } from '../session-roles';
import { AddressDraft } from './address-draft';
import type { ReferenceDataStore } from './reference-data-store';

export type AddressKey = string | number;

/**
 * Address Info on /profile (SPEC sections 2-5 and 8), and the owner of the signed-in user's
 * address list: the only store that reads or changes it (checkout asks here). The session keeps
 * the user, list included, in memory and in storage (SPEC 3); each change is saved there at
 * once. This store adds the open tiles (one draft each; key 999 is the new address) and the
 * optimistic save and delete with their rollback.
 */
export class AddressBookStore {
  /** Open tiles by address key; a tile is expanded exactly while it has a draft. */
  private readonly drafts = observable.map<AddressKey, AddressDraft>({}, { deep: false });
  /** Ids whose save or delete is waiting for the server. */
  private readonly pending = observable.set<string>();
  private tempCounter = 0;

  constructor(
    private readonly session: UserRecord,
    private readonly alerts: AlertStore,
    private readonly gateway: AddressGateway,
    private readonly referenceData: ReferenceDataStore,
  ) {
    makeAutoObservable<this, 'session' | 'alerts' | 'gateway' | 'referenceData' | 'drafts' | 'pending' | 'tempCounter'>(
      this,
      { session: false, alerts: false, gateway: false, referenceData: false, drafts: false, pending: false, tempCounter: false },
      { autoBind: true },
    );
    // SPEC 4: the new-address form closes when the user's list is updated and holds only
    // server-assigned ids (after its save is reconciled, or a profile refresh).
    reaction(
      () => this.session.user?.address,
      (list) => {
        if (list && holdsOnlyServerIds(list)) this.drafts.delete(NEW_ADDRESS_KEY);
      },
    );
  }

  /** Saved addresses, newest first by addressId. */
  get addresses(): Address[] {
    return sortNewestFirst(this.session.user?.address ?? []);
  }

  /** The new, unsaved address (key 999), while its tile is open. */
  get newAddress(): AddressDraft | null {
    return this.drafts.get(NEW_ADDRESS_KEY) ?? null;
  }

  draftOf(key: AddressKey): AddressDraft | null {
    return this.drafts.get(key) ?? null;
  }

  isExpanded(key: AddressKey): boolean {
    return this.drafts.has(key);
  }

  /** Saved optimistically and not yet confirmed (a temporary id), or being deleted. */
  isPending(address: Address): boolean {
    return address._id !== undefined && (this.pending.has(address._id) || !isServerId(address._id));
  }

  /** 'Add New Address': one blank tile in edit mode; a second click keeps the open one. */
  addNew(): void {
    void this.referenceData.loadBasics();
    if (!this.drafts.has(NEW_ADDRESS_KEY)) this.drafts.set(NEW_ADDRESS_KEY, this.newDraft(emptyAddress()));
  }

  /** The edit toggle: opens a draft of the saved address, or closes the tile without saving. */
  toggle(address: Address): void {
    const key = addressKey(address);
    if (this.drafts.has(key)) this.drafts.delete(key);
    // Waiting for its server id: an edit saved now would name an id the server never gave.
    else if (!this.isPending(address)) {
      void this.referenceData.loadBasics();
      this.drafts.set(key, this.newDraft(address));
    }
  }

  /** Cancel collapses the tile; a new address is dropped. */
  cancel(key: AddressKey): void {
    this.drafts.delete(key);
  }

  /**
   * Save: the list changes at once (default exclusivity included) and the tile closes, whatever
   * the server then answers (SPEC 4). Success swaps the temporary id for `_newId`; a failure puts
   * back what this save changed and says why (SPEC 8).
   */
  async save(key: AddressKey): Promise<void> {
    const draft = this.drafts.get(key);
    const user = this.session.user;
    this.drafts.delete(key);
    if (!draft || !user) return;

    const edited = draft.address;
    const tempId = temporaryId(++this.tempCounter);
    const savedId = edited._id ? edited._id : tempId;
    const before = user.address;
    const optimistic = optimisticSave(before, edited, tempId);
    this.setAddresses(optimistic);
    this.pending.add(savedId);

    const outcome = await this.gateway.saveAddress(edited);
    runInAction(() => this.pending.delete(savedId));
    // Signed out (or another user in) meanwhile: the answer belongs to that old list.
    if (this.session.user?._id !== user._id) return;

    if (outcome.ok) this.setAddresses(reconcileSaved(this.currentList(), savedId, outcome.data.newId));
    else this.setAddresses(rollBack(this.currentList(), before, optimistic));
    this.alerts.showOutcome(outcome, {
      ok: accountMessages.address.updated,
      rejected: accountMessages.address.updateFailed,
      unavailable: accountMessages.address.updateError,
    });
  }

  /**
   * Delete, after 'Are you sure you want to delete this address?'. The new tile (no `_id`) is
   * only dropped; a saved address leaves the list at once and comes back if the server refuses.
   */
  async remove(key: AddressKey): Promise<void> {
    const yes = await this.alerts.confirm(accountMessages.address.confirmDelete);
    if (!yes) return;
    if (key === NEW_ADDRESS_KEY) {
      this.cancel(NEW_ADDRESS_KEY);
      return;
    }
    const user = this.session.user;
    const id = String(key);
    if (!user) return;
    const address = user.address.find((candidate) => candidate._id === id);
    // An address still waiting for its server id cannot be named to the server yet.
    if (!address || this.isPending(address)) return;

    const before = user.address;
    const optimistic = removeAddress(before, id);
    runInAction(() => {
      this.drafts.delete(id);
      this.setAddresses(optimistic);
      this.pending.add(id);
    });

    const outcome = await this.gateway.deleteAddress(id);
    runInAction(() => this.pending.delete(id));
    if (this.session.user?._id !== user._id) return;

    if (!outcome.ok) this.setAddresses(rollBack(this.currentList(), before, optimistic));
    this.alerts.showOutcome(outcome, {
      ok: accountMessages.address.deleted,
      rejected: accountMessages.address.deleteFailed,
      unavailable: accountMessages.address.deleteError,
    });
  }

  private newDraft(address: Address): AddressDraft {
    return new AddressDraft(address, this.referenceData);
  }

  private currentList(): readonly Address[] {
    return this.session.user?.address ?? [];
  }

  private setAddresses(list: Address[]): void {
    const user = this.session.user;
    if (user) this.session.setUser({ ...user, address: list });
  }
}
