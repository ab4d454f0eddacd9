import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import type { AddressType } from '@shop/core/domain/address';
import { accountMessages } from '../../../texts/account-messages';
import type { AddressDigitsField, AddressDraft, AddressTextField } from '../../../stores/address/address-draft';
import { ADDRESS } from '../../../di/modules/address-module';
import { useStore } from '../../../di/react';
import { LocationSelects } from './location-selects';
import './address-form.css';

export interface AddressFormProps {
  draft: AddressDraft;
  onSave: () => void;
  onCancel: () => void;
}

const TYPES: { value: AddressType; label: string }[] = [
  { value: '', label: accountMessages.address.typeSelect },
  { value: 'Home', label: accountMessages.address.typeHome },
  { value: 'Work', label: accountMessages.address.typeWork },
];

/** Every Address field of SPEC section 3, bound to one draft. No required fields (SPEC 5). */
export const AddressForm = observer(function AddressForm({ draft, onSave, onCancel }: AddressFormProps) {
  const referenceData = useStore(ADDRESS.referenceData);
  const id = useId();
  const { address } = draft;
  const countries = referenceData.countries;

  const text = (field: AddressTextField, label: string, options: { autoComplete?: string; wide?: boolean } = {}) => (
    <div className={options.wide ? 'address-form__field address-form__field--wide' : 'address-form__field'}>
      <label htmlFor={`${id}-${field}`}>{label}</label>
      <input
        id={`${id}-${field}`}
        type="text"
        autoComplete={options.autoComplete ?? 'off'}
        value={address[field]}
        onChange={(event) => draft.setText(field, event.target.value)}
      />
    </div>
  );
  const digits = (field: AddressDigitsField, label: string, autoComplete: string) => (
    <div className="address-form__field">
      <label htmlFor={`${id}-${field}`}>{label}</label>
      <input
        id={`${id}-${field}`}
        type="text"
        inputMode="numeric"
        autoComplete={autoComplete}
        value={address[field]}
        onChange={(event) => draft.setDigits(field, event.target.value)}
      />
    </div>
  );
  const countryMissing = address.countryName !== '' && !countries.some((c) => c.countryName === address.countryName);
  const phoneCodeMissing = address.receiverPhoneCCode !== '' && !countries.some((c) => c.phoneCode === address.receiverPhoneCCode);

  return (
    <form
      className="address-form"
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
    >
      <div className="address-form__grid">
        {text('addressName', accountMessages.address.addressName)}
        <div className="address-form__field">
          <label htmlFor={`${id}-type`}>{accountMessages.address.addressType}</label>
          <select id={`${id}-type`} value={address.addressType} onChange={(event) => draft.setType(event.target.value as AddressType)}>
            {TYPES.map((type) => (
              <option key={type.value} value={type.value}>
                {type.label}
              </option>
            ))}
          </select>
        </div>
        {text('receiverName', accountMessages.address.receiverName, { autoComplete: 'name' })}
        <div className="address-form__field">
          <label htmlFor={`${id}-country`}>{accountMessages.address.country}</label>
          <select id={`${id}-country`} value={address.countryName} onChange={(event) => draft.setText('countryName', event.target.value)}>
            <option value="">{accountMessages.address.typeSelect}</option>
            {countryMissing ? <option value={address.countryName}>{address.countryName}</option> : null}
            {countries.map((country) => (
              <option key={country.numericCode} value={country.countryName}>
                {country.countryName}
              </option>
            ))}
          </select>
        </div>

        <fieldset className="address-form__phone address-form__field--wide">
          <legend>{accountMessages.address.receiverPhone}</legend>
          <div className="address-form__field">
            <label htmlFor={`${id}-ccode`}>{accountMessages.address.phoneCountryCode}</label>
            <select
              id={`${id}-ccode`}
              value={address.receiverPhoneCCode}
              onChange={(event) => draft.setText('receiverPhoneCCode', event.target.value)}
            >
              <option value="">{accountMessages.address.typeSelect}</option>
              {phoneCodeMissing ? <option value={address.receiverPhoneCCode}>{address.receiverPhoneCCode}</option> : null}
              {countries.map((country) => (
                <option key={country.numericCode} value={country.phoneCode}>
                  {`${country.countryName} (${country.phoneCode})`}
                </option>
              ))}
            </select>
          </div>
          {digits('receiverPhoneACode', accountMessages.address.phoneAreaCode, 'tel-area-code')}
          {digits('receiverPhoneMain', accountMessages.address.phoneMain, 'tel-local')}
        </fieldset>

        <div className="address-form__field address-form__field--wide">
          <label htmlFor={`${id}-details`}>{accountMessages.address.addressDetails}</label>
          <textarea
            id={`${id}-details`}
            rows={3}
            value={address.addressDetails}
            onChange={(event) => draft.setText('addressDetails', event.target.value)}
          />
        </div>

        <div className="address-form__field--wide">
          <LocationSelects draft={draft} />
        </div>
        {text('streetOrAvenue', accountMessages.address.streetOrAvenue, { autoComplete: 'address-line1' })}
        {text('building', accountMessages.address.building)}
        {text('apartment', accountMessages.address.apartment)}
        {text('postalCode', accountMessages.address.postalCode, { autoComplete: 'postal-code' })}

        <div className="address-form__checks address-form__field--wide">
          <label className="address-form__check">
            <input type="checkbox" checked={address.isDefaultAddress} onChange={(event) => draft.setDefault(event.target.checked)} />
            {accountMessages.address.isDefaultAddress}
          </label>
          <label className="address-form__check">
            <input
              type="checkbox"
              checked={address.isCorporateInvoice}
              onChange={(event) => draft.setCorporateInvoice(event.target.checked)}
            />
            {accountMessages.address.isCorporateInvoice}
          </label>
        </div>
        {address.isCorporateInvoice ? (
          <>
            {text('taxNumber', accountMessages.address.taxNumber)}
            {text('taxOffice', accountMessages.address.taxOffice)}
            {text('corporateTitle', accountMessages.address.corporateTitle, { autoComplete: 'organization', wide: true })}
          </>
        ) : null}
      </div>
      <div className="address-form__actions">
        <button type="button" className="button" onClick={onCancel}>
          {accountMessages.address.cancel}
        </button>
        <button type="submit" className="button button--primary">
          {accountMessages.address.save}
        </button>
      </div>
    </form>
  );
});
