import { makeAutoObservable } from 'mobx';
import { messages } from '../../texts/messages';
import { accountMessages } from '../../texts/account-messages';
import type { Outcome } from '@shop/core/domain/outcome';
import type { AccountGateway, GuestMailRefusal } from '@shop/core/ports/account-gateway';
import type { AlertStore } from '../alert-store';
import type { SignIn } from '../session-roles';

export interface AuthFormOptions {
  /**
   * Where a refused login is told: the page's alerts (the Login / Sign Up popup), or `loginError`
   * beside the form (the guest checkout modal, which sits above the page's alerts).
   */
  loginErrors?: 'alerts' | 'inline';
}

export interface GuestNotice {
  kind: 'success' | 'error';
  text: string;
}

/**
 * The shop's login forms (SPEC sections 2, 5, 6, 8; D9): the Login / Sign Up popup (log in, sign
 * up, forgot password) and the modal a guest gets from Proceed to Checkout (log in, or continue
 * without signing in by asking for a verification mail, whose answers show inside the modal).
 * One instance per open popup or modal, so typed passwords die with it. The popup's active tab
 * lives in the URL (`?tab=signup`), so the menu's Sign Up entry can open it directly.
 */
export class AuthFormStore {
  loginEmail = '';
  loginPassword = '';
  /** A refused login, when it is told beside the form. */
  loginError: string | null = null;
  signupUserName = '';
  signupEmail = '';
  signupPassword = '';
  gdprAccepted = false;
  /** D24: marketing messages only by this separate, unticked opt-in. */
  marketingOptIn = false;
  loggingIn = false;
  signingUp = false;
  sendingReset = false;
  guestMode = false;
  guestEmail = '';
  sendingGuestMail = false;
  guestNotice: GuestNotice | null = null;
  private readonly loginErrors: 'alerts' | 'inline';

  constructor(
    private readonly session: SignIn,
    private readonly account: AccountGateway,
    private readonly alerts: AlertStore,
    options: AuthFormOptions = {},
  ) {
    this.loginErrors = options.loginErrors ?? 'alerts';
    makeAutoObservable<this, 'session' | 'account' | 'alerts' | 'loginErrors'>(
      this,
      { session: false, account: false, alerts: false, loginErrors: false },
      { autoBind: true },
    );
  }

  setField(
    field: 'loginEmail' | 'loginPassword' | 'signupUserName' | 'signupEmail' | 'signupPassword' | 'guestEmail',
    value: string,
  ): void {
    this[field] = value;
  }

  setGdprAccepted(accepted: boolean): void {
    this.gdprAccepted = accepted;
  }

  setMarketingOptIn(optIn: boolean): void {
    this.marketingOptIn = optIn;
  }

  /** Answers true once signed in (the view then leaves the popup, or goes to /check-out). */
  async login(): Promise<boolean> {
    if (this.loggingIn) return false;
    this.setBusy('loggingIn', true);
    this.loginError = null;
    const signedIn = await this.signIn(this.loginEmail.trim(), this.loginPassword);
    this.setBusy('loggingIn', false);
    return signedIn;
  }

  /**
   * SPEC 5: nothing is sent without the GDPR tick. SPEC 8 words a refused sign-up 'Error during
   * login: ' and only an exception 'Error during signup: '. Success logs in with the same
   * credentials (SPEC 4); answers true once signed in.
   */
  async signUp(): Promise<boolean> {
    if (this.signingUp) return false;
    if (!this.gdprAccepted) {
      this.alerts.show(accountMessages.auth.gdprRequired, 'error');
      return false;
    }
    this.setBusy('signingUp', true);
    const email = this.signupEmail.trim();
    // D24: the tick is recorded as the privacy notice's acknowledgement, with the marketing choice.
    const consents = { privacyNotice: true as const, marketing: this.marketingOptIn };
    const registered = await this.account.register(this.signupUserName.trim(), email, this.signupPassword, consents);
    let signedIn = false;
    if (registered.ok) signedIn = await this.signIn(email, this.signupPassword);
    else if (registered.kind === 'unavailable') {
      this.alerts.show(accountMessages.auth.errorDuringSignup(registered.message ?? messages.errors.network), 'error');
    } else this.alerts.show(accountMessages.auth.errorDuringLogin(registered.message ?? messages.session.signupFailed), 'error');
    this.setBusy('signingUp', false);
    return signedIn;
  }

  /** Forgot Password uses the Login tab's email (SPEC 5 message when it is empty). */
  async forgotPassword(): Promise<void> {
    if (this.sendingReset) return;
    const email = this.loginEmail.trim();
    if (email === '') {
      this.alerts.show(accountMessages.auth.forgotNeedsEmail, 'error');
      return;
    }
    this.setBusy('sendingReset', true);
    const outcome = await this.account.forgotPassword(email);
    this.setBusy('sendingReset', false);
    // D6: the same neutral answer whether or not the address is registered.
    if (outcome.ok) this.alerts.show(accountMessages.auth.forgotSent, 'success');
    else this.alerts.show(outcome.kind === 'unavailable' ? accountMessages.auth.forgotError : accountMessages.auth.forgotFailed, 'error');
  }

  continueWithoutSigningIn(): void {
    this.guestMode = true;
  }

  /** SPEC 8 anonymous verification: already registered (400), already sent (409), other refusal, network failure. */
  async sendVerificationEmail(): Promise<void> {
    if (this.sendingGuestMail) return;
    const email = this.guestEmail.trim();
    if (email === '') {
      this.guestNotice = { kind: 'error', text: accountMessages.auth.guestEmailRequired };
      return;
    }
    this.setBusy('sendingGuestMail', true);
    this.guestNotice = null;
    const outcome = await this.account.sendAnonymousVerificationEmail(email);
    this.finishGuestMail(noticeOf(outcome));
  }

  private async signIn(email: string, password: string): Promise<boolean> {
    const outcome = await this.session.login(email, password);
    if (!outcome.ok) this.tellLoginError(accountMessages.auth.errorDuringLogin(outcome.message));
    return outcome.ok;
  }

  private tellLoginError(text: string): void {
    if (this.loginErrors === 'inline') this.loginError = text;
    else this.alerts.show(text, 'error');
  }

  private finishGuestMail(notice: GuestNotice): void {
    this.sendingGuestMail = false;
    this.guestNotice = notice;
  }

  private setBusy(flag: 'loggingIn' | 'signingUp' | 'sendingReset' | 'sendingGuestMail', on: boolean): void {
    this[flag] = on;
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
