import { makeAutoObservable } from 'mobx';
import { messages } from '../../domain/messages';
import type { AccountGateway } from '../../ports/account-gateway';
import type { SessionStore } from '../session-store';
import { callOutcome } from './call-outcome';

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
    private readonly session: SessionStore,
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
    let error: string | null = null;
    try {
      const outcome = await this.session.login(this.email.trim(), this.password);
      if (!outcome.ok) error = messages.auth.errorDuringLogin(outcome.message);
    } catch (thrown) {
      error = messages.auth.errorDuringLogin(thrown instanceof Error ? thrown.message : String(thrown));
    }
    this.finishLogin(error);
    return error === null;
  }

  /** SPEC 8 anonymous verification: 400, 409, other status, network failure (status 500 or thrown). */
  async sendVerificationEmail(): Promise<void> {
    if (this.sending) return;
    const email = this.guestEmail.trim();
    if (email === '') {
      this.notice = { kind: 'error', text: messages.auth.guestEmailRequired };
      return;
    }
    this.sending = true;
    this.notice = null;
    const outcome = await callOutcome(() => this.account.sendAnonymousVerificationEmail(email));
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

function noticeOf(outcome: Awaited<ReturnType<typeof callOutcome>>): GuestNotice {
  if (outcome.kind === 'success') return { kind: 'success', text: messages.auth.guestSent };
  if (outcome.kind === 'exception') return { kind: 'error', text: messages.verification.anonymousNetwork };
  if (outcome.status === 400) return { kind: 'error', text: messages.verification.anonymousRegistered };
  if (outcome.status === 409) return { kind: 'error', text: messages.verification.anonymousAlreadySent };
  const other = messages.verification.anonymousOther;
  return { kind: 'error', text: outcome.message ? `${other} ${outcome.message}` : other };
}
