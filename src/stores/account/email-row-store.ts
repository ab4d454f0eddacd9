import { makeAutoObservable } from 'mobx';
import { messages } from '../../domain/messages';
import type { AccountGateway } from '../../ports/account-gateway';
import type { AlertStore } from '../alert-store';
import type { SessionStore } from '../session-store';
import { callOutcome } from './call-outcome';

/**
 * The profile's email row (SPEC sections 2, 4, 8): verified or not comes from the session's user,
 * which the real-time emailVerified event re-fetches; 'Verify Email Address' asks for the mail.
 */
export class EmailRowStore {
  sending = false;

  constructor(
    private readonly session: SessionStore,
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
    const accessToken = this.session.accessToken;
    if (this.sending || accessToken === null) return;
    const email = this.email;
    this.setSending(true);
    const outcome = await callOutcome(() => this.account.sendVerificationEmail(accessToken, email));
    this.setSending(false);
    if (outcome.kind === 'success') this.alerts.show(messages.profile.verificationSent, 'success');
    // SPEC 8 gives only "server message" for a refusal; a refusal without one reads as the generic text.
    else if (outcome.kind === 'failure') this.alerts.show(outcome.message ?? messages.profile.genericError, 'error');
    else this.alerts.show(messages.profile.verificationSendError, 'error');
  }

  private setSending(on: boolean): void {
    this.sending = on;
  }
}
