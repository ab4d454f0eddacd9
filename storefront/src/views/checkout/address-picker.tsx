import { observer } from 'mobx-react-lite';
import { accountMessages } from '../../texts/account-messages';
import { ADDRESS } from '../../di/modules/address-module';
import { useStore } from '../../di/react';
import { AddressSummary } from '../profile/address/address-summary';
import { Modal } from '../shared/modal';

/** The modal of saved addresses behind '+ Add ... Address'; choosing one fills that box. */
export const AddressPicker = observer(function AddressPicker() {
  const checkout = useStore(ADDRESS.checkout);
  const role = checkout.picking;
  const title = role === 'shipping' ? accountMessages.checkout.shippingAddress : accountMessages.checkout.billingAddress;
  const addresses = checkout.addresses;
  return (
    <Modal open={role !== null} title={title} onClose={() => checkout.close()}>
      {addresses.length === 0 ? (
        <p className="address-picker__empty">{accountMessages.checkout.noSavedAddresses}</p>
      ) : (
        <ul className="address-picker__list" aria-label={accountMessages.checkout.savedAddresses}>
          {addresses.map((address) => (
            <li key={address._id}>
              <button type="button" className="address-picker__option" onClick={() => checkout.choose(address)}>
                <strong>{address.addressName}</strong>
                {address.receiverName ? <span className="address-picker__receiver">{address.receiverName}</span> : null}
                <AddressSummary address={address} inline />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="modal__actions">
        <button type="button" className="button" onClick={() => checkout.close()}>
          {accountMessages.checkout.close}
        </button>
      </div>
    </Modal>
  );
});
