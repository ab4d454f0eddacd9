import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { addressKey, NEW_ADDRESS_KEY } from '@shop/core/domain/address-book';
import { accountMessages } from '../../texts/account-messages';
import { ADDRESS } from '../../di/modules/address-module';
import { useStore } from '../../di/react';
import { EmptyText } from '../shared/status-text';
import { AddressTile, isFocusLost } from './address/address-tile';
import './address-info.css';

/**
 * Address Info on /profile (SPEC section 2): 'Add New Address', the new tile (key 999) on top,
 * then the saved addresses newest first, one card per address key. The profile page renders
 * the section heading.
 */
export const AddressInfo = observer(function AddressInfo() {
  const book = useStore(ADDRESS.book);
  const referenceData = useStore(ADDRESS.referenceData);
  useEffect(() => {
    void referenceData.loadBasics();
  }, [referenceData]);

  const addRef = useRef<HTMLButtonElement>(null);
  const hasNew = book.newAddress !== null;
  const hadNew = useRef(hasNew);
  useEffect(() => {
    // The new tile left (saved, cancelled, deleted) with the focus in it: back to 'Add New Address'.
    if (hadNew.current && !hasNew && isFocusLost()) addRef.current?.focus();
    hadNew.current = hasNew;
  }, [hasNew]);

  const addresses = book.addresses;
  return (
    <div className="address-info">
      <div className="address-info__toolbar">
        <button
          ref={addRef}
          type="button"
          className="button button--primary"
          onClick={() => book.addNew()}
          disabled={book.newAddress !== null}
        >
          {accountMessages.address.addNew}
        </button>
      </div>
      {book.newAddress ? <AddressTile tileKey={NEW_ADDRESS_KEY} address={null} /> : null}
      {addresses.length === 0 ? (
        <EmptyText>{accountMessages.address.none}</EmptyText>
      ) : (
        <ul className="card-list address-info__list" aria-label={accountMessages.address.listLabel}>
          {addresses.map((address) => (
            <li key={addressKey(address)}>
              <AddressTile tileKey={addressKey(address)} address={address} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
});
