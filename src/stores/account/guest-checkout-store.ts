import { makeAutoObservable } from 'mobx';
import { accountMessages } from '../../texts/account-messages';
import type { Outcome } from '../../domain/outcome';
import type { AccountGateway, GuestMailRefusal } from '../../ports/account-gateway';
import type { SignIn } from '../session-roles';

export interface GuestNotice {
  kind: 'success' | 'error';
  text: string;
}

/**
 * The modal a guest gets from Proceed to Checkout (SPEC sections 2, 6, 8; D9): log in, or
 * continue without signing in by asking for a verification mail. Messages show inside the modal,
 * which sits above the page's alerts.
 */
export class GuestCheckoutStore {
  email = '';
  password = '';
  loggingIn = false;
  loginError: string | null = null;
  guestMode = false;
  guestEmail = '';
  sending = false;
  notice: GuestNotice | null = null;

  constructor(
    private readonly session: SignIn,
    private readonly account: AccountGateway,
  ) {
    makeAutoObservable<this, 'session' | 'account'>(this, { session: false, account: false }, { autoBind: true });
  }

  setField(field: 'email' | 'password' | 'guestEmail', value: string): void {
    this[field] = value;
  }

  continueWithoutSigningIn(): void {
    this.guestMode = true;
  }

  /** Answers true once signed in (the view then goes to /check-out). */
  async login(): Promise<boolean> {
    if (this.loggingIn) return false;
    this.loggingIn = true;
    this.loginError = null;
    const outcome = await this.session.login(this.email.trim(), this.password);
    this.finishLogin(outcome.ok ? null : accountMessages.auth.errorDuringLogin(outcome.message));
    return outcome.ok;
  }

  /** SPEC 8 anonymous verification: already registered (400), already sent (409), other refusal, network failure. */
  async sendVerificationEmail(): Promise<void> {
    if (this.sending) return;
    const email = this.guestEmail.trim();
    if (email === '') {
      this.notice = { kind: 'error', text: accountMessages.auth.guestEmailRequired };
      return;
    }
    this.sending = true;
    this.notice = null;
    const outcome = await this.account.sendAnonymousVerificationEmail(email);
    this.finishSending(noticeOf(outcome));
  }

  private finishLogin(error: string | null): void {
    this.loggingIn = false;
    this.loginError = error;
  }

  private finishSending(notice: GuestNotice): void {
    this.sending = false;
    this.notice = notice;
  }
}

/** SPEC 8 words these refusals itself, whatever the server says. */
const REFUSAL_TEXTS: Record<GuestMailRefusal, string> = {
  registered: accountMessages.verification.anonymousRegistered,
  'already-sent': accountMessages.verification.anonymousAlreadySent,
};

function noticeOf(outcome: Outcome<void, GuestMailRefusal>): GuestNotice {
  if (outcome.ok) return { kind: 'success', text: accountMessages.auth.guestSent };
  if (outcome.kind === 'unavailable') return { kind: 'error', text: accountMessages.verification.anonymousNetwork };
  const reason = outcome.kind === 'rejected' ? outcome.reason : undefined;
  if (reason) return { kind: 'error', text: REFUSAL_TEXTS[reason] };
  const other = accountMessages.verification.anonymousOther;
  return { kind: 'error', text: outcome.message ? `${other} ${outcome.message}` : other };
}
