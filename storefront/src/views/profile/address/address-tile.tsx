import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef } from 'react';
import type { Address } from '@shop/core/domain/address';
import { NEW_ADDRESS_KEY } from '@shop/core/domain/address-book';
import { accountMessages } from '../../../texts/account-messages';
import type { AddressKey } from '../../../stores/address/address-book-store';
import { ADDRESS } from '../../../di/modules/address-module';
import { useStore } from '../../../di/react';
import { DisclosureButton } from '../../shared/disclosure-button';
import { AddressForm } from './address-form';
import { AddressSummary } from './address-summary';
import './address-tile.css';

export interface AddressTileProps {
  /** The saved address's key (its `_id`), or 999 for the new address. */
  tileKey: AddressKey;
  /** The saved address; the new tile shows its draft instead. */
  address: Address | null;
}

const typeLabel = (address: Address) =>
  address.addressType === 'Home'
    ? accountMessages.address.typeHome
    : address.addressType === 'Work'
      ? accountMessages.address.typeWork
      : '';

/** True when the focused element was just removed from the page (focus fell back to <body>). */
export function isFocusLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected;
}

/** One card of Address Info: header with edit toggle and delete; the summary, or the edit form. */
export const AddressTile = observer(function AddressTile({ tileKey, address }: AddressTileProps) {
  const book = useStore(ADDRESS.book);
  const id = useId();
  const draft = book.draftOf(tileKey);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const wasExpanded = useRef(draft !== null);
  useEffect(() => {
    // Save or Cancel removes the focused button with the form: keyboard users continue from the toggle.
    if (wasExpanded.current && draft === null && isFocusLost()) toggleRef.current?.focus();
    wasExpanded.current = draft !== null;
  }, [draft]);
  const shown = address ?? draft?.address ?? null;
  if (!shown) return null;
  const isNew = tileKey === NEW_ADDRESS_KEY;
  const name = shown.addressName || (isNew ? accountMessages.address.newAddress : accountMessages.address.addressName);
  const pending = address !== null && book.isPending(address);
  const expanded = draft !== null;
  const bodyId = `${id}-body`;
  const type = typeLabel(shown);

  return (
    <article className={`address-tile${expanded ? ' address-tile--open' : ''}`} aria-labelledby={`${id}-name`} aria-busy={pending}>
      <header className="address-tile__header">
        <div className="address-tile__titles">
          <h3 id={`${id}-name`} className="address-tile__name">
            {name}
          </h3>
          <p className="address-tile__meta">
            {shown.receiverName ? <span>{shown.receiverName}</span> : null}
            {type ? <span className="badge address-tile__badge">{type}</span> : null}
            {shown.isDefaultAddress ? (
              <span className="badge address-tile__badge address-tile__badge--default">{accountMessages.address.defaultBadge}</span>
            ) : null}
            {shown.isCorporateInvoice ? <span className="badge address-tile__badge">{accountMessages.address.corporateBadge}</span> : null}
          </p>
        </div>
        <div className="address-tile__actions">
          <DisclosureButton
            ref={toggleRef}
            className="button"
            expanded={expanded}
            controls={bodyId}
            aria-label={accountMessages.address.editAddress(name)}
            // aria-disabled, not disabled: the button keeps the focus it gets back after Save.
            aria-disabled={pending}
            onClick={() => {
              if (pending) return;
              if (isNew) book.cancel(NEW_ADDRESS_KEY);
              else if (address) book.toggle(address);
            }}
          >
            {accountMessages.address.edit}
          </DisclosureButton>
          <button
            type="button"
            className="button address-tile__delete"
            aria-label={accountMessages.address.deleteAddress(name)}
            aria-disabled={pending}
            onClick={() => {
              if (!pending) void book.remove(tileKey);
            }}
          >
            {accountMessages.address.delete}
          </button>
        </div>
      </header>
      <div id={bodyId} className="address-tile__body">
        {draft ? (
          <AddressForm draft={draft} onSave={() => void book.save(tileKey)} onCancel={() => book.cancel(tileKey)} />
        ) : (
          <AddressSummary address={shown} />
        )}
        {pending ? (
          <p className="address-tile__pending" role="status">
            {accountMessages.address.saving}
          </p>
        ) : null}
      </div>
    </article>
  );
});
