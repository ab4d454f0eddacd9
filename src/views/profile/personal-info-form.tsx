import { observer } from 'mobx-react-lite';
import { useEffect, useId } from 'react';
import { messages } from '../../domain/messages';
import { ACCOUNT } from '../../di/modules/account-module';
import { useService } from '../../di/react';
import type { ProfileField } from '../../stores/account/profile-form-store';
import { useScreenStore } from '../auth/use-screen-store';
import '../auth/account-form.css';
import './profile.css';

/** The personal info form (SPEC sections 2, 3): user id and email read-only, the rest editable. */
export const PersonalInfoForm = observer(function PersonalInfoForm() {
  const form = useScreenStore(useService(ACCOUNT.profileForm));
  const id = useId();
  useEffect(() => {
    void form.loadCountries();
  }, [form]);

  const text = (field: Exclude<ProfileField, 'phoneCCode'>, label: string, autoComplete: string) => (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-${field}`}>
        {label}
      </label>
      <input
        id={`${id}-${field}`}
        className="field__input"
        type="text"
        autoComplete={autoComplete}
        value={form[field]}
        onChange={(event) => form.setField(field, event.target.value)}
      />
    </div>
  );

  return (
    <form
      className="profile-form"
      aria-label={messages.profile.personalInfoForm}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.save();
      }}
    >
      <div className="field">
        <label className="field__label" htmlFor={`${id}-userId`}>
          {messages.profile.userId}
        </label>
        <input id={`${id}-userId`} className="field__input" type="text" readOnly value={form.userId} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-email`}>
          {messages.profile.email}
        </label>
        <input id={`${id}-email`} className="field__input" type="email" readOnly value={form.email} />
      </div>
      {text('userName', messages.profile.userName, 'username')}
      {text('name', messages.profile.name, 'given-name')}
      {text('surname', messages.profile.surname, 'family-name')}
      <fieldset className="profile-form__phone">
        <legend>{messages.profile.phone}</legend>
        <div className="profile-form__phone-parts">
          <div className="field">
            <label className="field__label" htmlFor={`${id}-cc`}>
              {messages.profile.phoneCountryCode}
            </label>
            <select
              id={`${id}-cc`}
              className="field__input"
              autoComplete="tel-country-code"
              value={form.phoneCCode}
              onChange={(event) => form.setField('phoneCCode', event.target.value)}
            >
              <option value="">{messages.profile.selectCountryCode}</option>
              {form.phoneCodes.map((option) => (
                <option key={`${option.value}-${option.label}`} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-ac`}>
              {messages.profile.phoneAreaCode}
            </label>
            <input
              id={`${id}-ac`}
              className="field__input"
              type="text"
              inputMode="numeric"
              autoComplete="tel-area-code"
              value={form.phoneACode}
              onChange={(event) => form.setPhonePart('phoneACode', event.target.value)}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-main`}>
              {messages.profile.phoneMainNumber}
            </label>
            <input
              id={`${id}-main`}
              className="field__input"
              type="text"
              inputMode="numeric"
              autoComplete="tel-local"
              value={form.phoneMain}
              onChange={(event) => form.setPhonePart('phoneMain', event.target.value)}
            />
          </div>
        </div>
      </fieldset>
      <div className="profile-form__actions">
        <button type="submit" className="button button--primary" disabled={form.saving}>
          {form.saving ? messages.profile.saving : messages.profile.save}
        </button>
      </div>
    </form>
  );
});
