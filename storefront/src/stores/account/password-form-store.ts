import { makeAutoObservable } from 'mobx';
import { accountMessages } from '../../texts/account-messages';
import { checkPassword, isPasswordAcceptable, type PasswordCheck } from '@shop/core/domain/password-policy';
import type { AccountGateway } from '@shop/core/ports/account-gateway';
import type { AlertStore } from '../alert-store';

export interface PasswordFormOptions {
  /** From /reset-password/{token}: the form resets that account's password instead (D5). */
  resetToken?: string;
}

/**
 * The password section (SPEC sections 2, 4, 5, 8; D5): collapsed by default, live rule marks,
 * update blocked until every rule holds, and the server's answer as an alert. Signed in it
 * changes the password with the current one; with a reset token it resets it.
 */
export class PasswordFormStore {
  expanded: boolean;
  currentPassword = '';
  newPassword = '';
  confirmPassword = '';
  submitting = false;
  /** An update was tried while a rule still failed: the hint shows until the rules hold. */
  blockedAttempt = false;
  readonly resetToken: string | null;

  constructor(
    private readonly account: AccountGateway,
    private readonly alerts: AlertStore,
    options: PasswordFormOptions = {},
  ) {
    this.resetToken = options.resetToken ?? null;
    // The reset popup exists only to set a password: it starts open.
    this.expanded = this.resetToken !== null;
    makeAutoObservable<this, 'account' | 'alerts'>(this, { account: false, alerts: false, resetToken: false }, { autoBind: true });
  }

  get isReset(): boolean {
    return this.resetToken !== null;
  }

  get check(): PasswordCheck {
    return checkPassword(this.newPassword, this.confirmPassword);
  }

  get acceptable(): boolean {
    return isPasswordAcceptable(this.check);
  }

  get hintVisible(): boolean {
    return this.blockedAttempt && !this.acceptable;
  }

  toggle(): void {
    this.expanded = !this.expanded;
  }

  setField(field: 'currentPassword' | 'newPassword' | 'confirmPassword', value: string): void {
    this[field] = value;
  }

  /** Answers true when the password was changed (the reset page then goes home). */
  async submit(): Promise<boolean> {
    if (this.submitting) return false;
    if (!this.acceptable) {
      this.blockedAttempt = true;
      this.alerts.show(accountMessages.profile.passwordBlocked, 'error');
      return false;
    }
    this.submitting = true;
    const { resetToken, currentPassword, newPassword, confirmPassword } = this;
    const outcome =
      resetToken === null
        ? await this.account.updatePassword({ currentPassword, newPassword, confirmPassword })
        : await this.account.resetPassword(resetToken, newPassword);
    this.finish(outcome.ok);
    this.alerts.showOutcome(outcome, {
      ok: (outcome.ok && outcome.message) || accountMessages.profile.passwordUpdated,
      rejected: accountMessages.profile.passwordUpdateFailed,
      unavailable: accountMessages.profile.passwordUpdateError,
    });
    return outcome.ok;
  }

  /** SPEC 4: a successful update collapses the section and clears the fields. */
  private finish(succeeded: boolean): void {
    this.submitting = false;
    if (!succeeded) return;
    this.currentPassword = '';
    this.newPassword = '';
    this.confirmPassword = '';
    this.blockedAttempt = false;
    if (!this.isReset) this.expanded = false;
  }
}
