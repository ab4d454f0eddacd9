import { makeAutoObservable } from 'mobx';
import { digitsOnly } from '@shop/core/domain/address-book';
import { accountMessages } from '../../texts/account-messages';
import type { Country } from '@shop/core/domain/reference-data';
import type { ProfileUpdate } from '@shop/core/domain/user';
import type { AccountGateway } from '@shop/core/ports/account-gateway';
import type { ReferenceDataGateway } from '@shop/core/ports/reference-data-gateway';
import type { AlertStore } from '../alert-store';
import type { UserRecord } from '../session-roles';

export type ProfileField = 'userName' | 'name' | 'surname' | 'phoneCCode';

/**
 * The personal info form (SPEC sections 2, 3, 8): a draft of the signed-in user's editable
 * fields; user id and email stay read-only. Phone parts are digits only, as in addresses.
 */
export class ProfileFormStore {
  userName = '';
  name = '';
  surname = '';
  phoneCCode = '';
  phoneACode = '';
  phoneMain = '';
  countries: Country[] = [];
  saving = false;

  constructor(
    private readonly session: UserRecord,
    private readonly account: AccountGateway,
    private readonly referenceData: ReferenceDataGateway,
    private readonly alerts: AlertStore,
  ) {
    makeAutoObservable<this, 'session' | 'account' | 'referenceData' | 'alerts'>(
      this,
      { session: false, account: false, referenceData: false, alerts: false },
      { autoBind: true },
    );
    this.reset();
  }

  get userId(): string {
    return this.session.user?.userId ?? '';
  }

  get email(): string {
    return this.session.user?.email ?? '';
  }

  /** Country phone codes for the select; the user's own code stays choosable even if unlisted. */
  get phoneCodes(): { value: string; label: string }[] {
    const options = this.countries
      .filter((country) => country.phoneCode !== '')
      .map((country) => ({ value: country.phoneCode, label: `${country.countryName} (${country.phoneCode})` }));
    if (this.phoneCCode !== '' && !options.some((option) => option.value === this.phoneCCode)) {
      options.unshift({ value: this.phoneCCode, label: this.phoneCCode });
    }
    return options;
  }

  /** Copies the signed-in user into the draft. */
  reset(): void {
    const user = this.session.user;
    this.userName = user?.userName ?? '';
    this.name = user?.name ?? '';
    this.surname = user?.surname ?? '';
    this.phoneCCode = user?.phoneCCode ?? '';
    this.phoneACode = user?.phoneACode ?? '';
    this.phoneMain = user?.phoneMain ?? '';
  }

  async loadCountries(): Promise<void> {
    if (this.countries.length > 0) return;
    // The adapter logs a failed lookup and answers an empty list (SPEC 7).
    const countries = await this.referenceData.countries();
    this.setCountries(countries);
  }

  setField(field: ProfileField, value: string): void {
    this[field] = value;
  }

  /** Other input than digits is ignored (SPEC 5, as for address phones). */
  setPhonePart(field: 'phoneACode' | 'phoneMain', value: string): void {
    this[field] = digitsOnly(this[field], value);
  }

  async save(): Promise<boolean> {
    const user = this.session.user;
    if (this.saving || user === null) return false;
    const update: ProfileUpdate = {
      email: user.email,
      userName: this.userName.trim(),
      name: this.name.trim(),
      surname: this.surname.trim(),
      phoneCCode: this.phoneCCode,
      phoneACode: this.phoneACode,
      phoneMain: this.phoneMain,
      phone: [this.phoneCCode, this.phoneACode, this.phoneMain].filter((part) => part !== '').join(' '),
    };
    this.saving = true;
    const outcome = await this.account.updateProfile(update);
    this.setSaving(false);
    this.alerts.showOutcome(outcome, {
      ok: accountMessages.profile.updateSuccess,
      rejected: accountMessages.profile.updateFailed,
      unavailable: accountMessages.profile.updateError,
    });
    // SPEC 3: the stored user is refreshed on each edit (email and id stay as they were).
    const current = this.session.user;
    if (outcome.ok && current?._id === user._id) this.session.setUser({ ...current, ...update, email: current.email });
    return outcome.ok;
  }

  private setSaving(on: boolean): void {
    this.saving = on;
  }

  private setCountries(countries: Country[]): void {
    this.countries = countries;
  }
}
