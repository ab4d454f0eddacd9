import { observer } from 'mobx-react-lite';
import { useEffect, useId } from 'react';
import { accountMessages } from '../../texts/account-messages';
import { ACCOUNT } from '../../di/modules/account-module';
import { useStore } from '../../di/react';
import type { ProfileField } from '../../stores/account/profile-form-store';
import { TextField } from '../shared/text-field';
import '../auth/account-form.css';
import './profile.css';

/** The personal info form (SPEC sections 2, 3): user id and email read-only, the rest editable. */
export const PersonalInfoForm = observer(function PersonalInfoForm() {
  const form = useStore(ACCOUNT.profileForm);
  const id = useId();
  useEffect(() => {
    void form.loadCountries();
  }, [form]);

  const text = (field: Exclude<ProfileField, 'phoneCCode'>, label: string, autoComplete: string) => (
    <TextField label={label} autoComplete={autoComplete} value={form[field]} onChange={(value) => form.setField(field, value)} />
  );
  const phonePart = (field: 'phoneACode' | 'phoneMain', label: string, autoComplete: string) => (
    <TextField
      label={label}
      inputMode="numeric"
      autoComplete={autoComplete}
      value={form[field]}
      onChange={(value) => form.setPhonePart(field, value)}
    />
  );

  return (
    <form
      className="profile-form"
      aria-label={accountMessages.profile.personalInfoForm}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.save();
      }}
    >
      <TextField label={accountMessages.profile.userId} value={form.userId} />
      <TextField label={accountMessages.profile.email} type="email" value={form.email} />
      {text('userName', accountMessages.profile.userName, 'username')}
      {text('name', accountMessages.profile.name, 'given-name')}
      {text('surname', accountMessages.profile.surname, 'family-name')}
      <fieldset className="profile-form__phone">
        <legend>{accountMessages.profile.phone}</legend>
        <div className="profile-form__phone-parts">
          <div className="field">
            <label className="field__label" htmlFor={`${id}-cc`}>
              {accountMessages.profile.phoneCountryCode}
            </label>
            <select
              id={`${id}-cc`}
              className="field__input"
              autoComplete="tel-country-code"
              value={form.phoneCCode}
              onChange={(event) => form.setField('phoneCCode', event.target.value)}
            >
              <option value="">{accountMessages.profile.selectCountryCode}</option>
              {form.phoneCodes.map((option) => (
                <option key={`${option.value}-${option.label}`} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          {phonePart('phoneACode', accountMessages.profile.phoneAreaCode, 'tel-area-code')}
          {phonePart('phoneMain', accountMessages.profile.phoneMainNumber, 'tel-local')}
        </div>
      </fieldset>
      <div className="profile-form__actions">
        <button type="submit" className="button button--primary" disabled={form.saving}>
          {form.saving ? accountMessages.profile.saving : accountMessages.profile.save}
        </button>
      </div>
    </form>
  );
});
