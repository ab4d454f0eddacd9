import { makeAutoObservable } from 'mobx';
import { accountMessages } from '../../texts/account-messages';
import type { AccountGateway } from '@shop/core/ports/account-gateway';
import type { AlertStore } from '../alert-store';
import type { SignedInUser } from '../session-roles';

/**
 * The profile's email row (SPEC sections 2, 4, 8): verified or not comes from the session's user,
 * which the real-time emailVerified event re-fetches; 'Verify Email Address' asks for the mail.
 */
export class EmailRowStore {
  sending = false;

  constructor(
    private readonly session: SignedInUser,
    private readonly account: AccountGateway,
    private readonly alerts: AlertStore,
  ) {
    makeAutoObservable<this, 'session' | 'account' | 'alerts'>(this, { session: false, account: false, alerts: false }, { autoBind: true });
  }

  get email(): string {
    return this.session.user?.email ?? '';
  }

  get verified(): boolean {
    return this.session.user?.isEmailVerified ?? false;
  }

  async sendVerificationEmail(): Promise<void> {
    if (this.sending || this.session.user === null) return;
    this.setSending(true);
    const outcome = await this.account.sendVerificationEmail(this.email);
    this.setSending(false);
    // SPEC 8 gives only "server message" for a refusal; a refusal without one reads as the generic text.
    this.alerts.showOutcome(outcome, {
      ok: accountMessages.profile.verificationSent,
      rejected: accountMessages.profile.genericError,
      unavailable: accountMessages.profile.verificationSendError,
    });
  }

  private setSending(on: boolean): void {
    this.sending = on;
  }
}
