import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { accountMessages } from '../../texts/account-messages';
import type { AddressRole } from '../../stores/checkout/checkout-store';
import { ADDRESS } from '../../di/modules/address-module';
import { useStore } from '../../di/react';
import { AddressSummary } from '../profile/address/address-summary';

const TEXTS: Record<AddressRole, { title: string; add: string }> = {
  billing: { title: accountMessages.checkout.billingAddress, add: accountMessages.checkout.addBilling },
  shipping: { title: accountMessages.checkout.shippingAddress, add: accountMessages.checkout.addShipping },
};

/** The Billing or Shipping Address box: the chosen address with Remove, or '+ Add ... Address'. */
export const AddressBox = observer(function AddressBox({ role }: { role: AddressRole }) {
  const checkout = useStore(ADDRESS.checkout);
  const id = useId();
  const address = role === 'billing' ? checkout.billing : checkout.shipping;
  const texts = TEXTS[role];
  return (
    <section className="checkout-box" aria-labelledby={id}>
      <h2 id={id} className="checkout-box__title">
        {texts.title}
      </h2>
      {address ? (
        <div className="checkout-box__chosen">
          <p className="checkout-box__name">
            <strong>{address.addressName}</strong>
            {address.receiverName ? <span> · {address.receiverName}</span> : null}
          </p>
          <AddressSummary address={address} />
          <button
            type="button"
            className="button checkout-box__remove"
            aria-label={accountMessages.checkout.removeFrom(texts.title)}
            onClick={() => checkout.clear(role)}
          >
            {accountMessages.checkout.remove}
          </button>
        </div>
      ) : (
        <button type="button" className="button checkout-box__add" onClick={() => checkout.open(role)}>
          {texts.add}
        </button>
      )}
    </section>
  );
});
