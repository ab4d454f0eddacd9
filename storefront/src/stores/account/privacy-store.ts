import { makeAutoObservable, runInAction } from 'mobx';
import type { Consents, DataExport } from '@shop/core/domain/consent';
import type { PrivacyGateway } from '@shop/core/ports/privacy-gateway';
import { accountMessages } from '../../texts/account-messages';
import type { AlertStore } from '../alert-store';
import { type LoadState, settle } from '../load-state';

/** Ending the session once the account is gone (the session store plays it). */
export interface EndsSession {
  logout(): Promise<void>;
}

/**
 * The profile's privacy section (D24): the consents as recorded (the marketing opt-in can be
 * changed), 'Download my data', and 'Delete my account' with the password asked again. One per
 * profile screen, so a typed password goes with it.
 */
export class PrivacyStore {
  consents: LoadState<Consents> = { status: 'loading' };
  savingMarketing = false;
  exporting = false;
  /** The deletion form is open (its password field and the final button). */
  deleteOpen = false;
  deletePassword = '';
  deleting = false;
  /** Why the deletion did not happen (shown in the form); null when nothing to say. */
  deleteProblem: string | null = null;

  constructor(
    private readonly gateway: PrivacyGateway,
    private readonly alerts: AlertStore,
    private readonly session: EndsSession,
  ) {
    makeAutoObservable<this, 'gateway' | 'alerts' | 'session'>(this, { gateway: false, alerts: false, session: false }, { autoBind: true });
  }

  async load(): Promise<void> {
    this.consents = { status: 'loading' };
    const loaded = await settle(this.gateway.getConsents());
    runInAction(() => (this.consents = loaded));
  }

  /**
   * Marketing messages on or off: the box follows at once, the recorded answer (version and time)
   * replaces it, and a refusal puts the box back.
   */
  async setMarketing(granted: boolean): Promise<void> {
    if (this.savingMarketing || this.consents.status !== 'loaded') return;
    const before = this.consents;
    const shown = before.data.marketing;
    this.consents = { status: 'loaded', data: { ...before.data, marketing: { version: '', at: '', ...shown, granted } } };
    this.savingMarketing = true;
    const outcome = await this.gateway.setMarketingConsent(granted);
    runInAction(() => {
      this.savingMarketing = false;
      if (outcome.ok) {
        this.consents = { status: 'loaded', data: outcome.data };
        this.alerts.show(accountMessages.privacy.consentsSaved, 'success');
        return;
      }
      this.consents = before;
      if (outcome.kind !== 'unauthorised') this.alerts.show(outcome.message ?? accountMessages.privacy.consentsFailed, 'error');
    });
  }

  /** The shopper's data as a file, or null (the reason was alerted). */
  async exportData(): Promise<DataExport | null> {
    if (this.exporting) return null;
    this.exporting = true;
    const outcome = await this.gateway.exportData();
    runInAction(() => {
      this.exporting = false;
      if (!outcome.ok && outcome.kind !== 'unauthorised')
        this.alerts.show(outcome.message ?? accountMessages.privacy.exportFailed, 'error');
    });
    return outcome.ok ? outcome.data : null;
  }

  openDelete(open: boolean): void {
    this.deleteOpen = open;
    this.deletePassword = '';
    this.deleteProblem = null;
  }

  setDeletePassword(password: string): void {
    this.deletePassword = password;
  }

  /** Deletes the account with the password given again; once gone, the session ends here too. */
  async deleteAccount(): Promise<boolean> {
    if (this.deleting) return false;
    if (this.deletePassword === '') {
      this.deleteProblem = accountMessages.privacy.deleteNeedsPassword;
      return false;
    }
    this.deleting = true;
    this.deleteProblem = null;
    const outcome = await this.gateway.deleteAccount(this.deletePassword);
    runInAction(() => {
      this.deleting = false;
      this.deletePassword = '';
      if (!outcome.ok && outcome.kind !== 'unauthorised') this.deleteProblem = outcome.message ?? accountMessages.privacy.deleteFailed;
    });
    if (!outcome.ok) return false;
    this.alerts.show(accountMessages.privacy.deleted, 'success');
    await this.session.logout();
    return true;
  }
}
