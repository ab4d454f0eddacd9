import { makeAutoObservable } from 'mobx';
import { messages } from '../../texts/messages';
import { accountMessages } from '../../texts/account-messages';
import type { AccountGateway } from '../../ports/account-gateway';
import type { AlertStore } from '../alert-store';
import type { SignIn } from '../session-roles';

/**
 * The Login / Sign Up popup (SPEC sections 2, 5, 8): both forms, their busy flags and every
 * message they alert. One instance per open popup, so typed passwords die with it. The active
 * tab lives in the URL (`?tab=signup`), so the menu's Sign Up entry can open it directly.
 */
export class AuthFormStore {
  loginEmail = '';
  loginPassword = '';
  signupUserName = '';
  signupEmail = '';
  signupPassword = '';
  gdprAccepted = false;
  /** D24: marketing messages only by this separate, unticked opt-in. */
  marketingOptIn = false;
  loggingIn = false;
  signingUp = false;
  sendingReset = false;

  constructor(
    private readonly session: SignIn,
    private readonly account: AccountGateway,
    private readonly alerts: AlertStore,
  ) {
    makeAutoObservable<this, 'session' | 'account' | 'alerts'>(this, { session: false, account: false, alerts: false }, { autoBind: true });
  }

  setField(field: 'loginEmail' | 'loginPassword' | 'signupUserName' | 'signupEmail' | 'signupPassword', value: string): void {
    this[field] = value;
  }

  setGdprAccepted(accepted: boolean): void {
    this.gdprAccepted = accepted;
  }

  setMarketingOptIn(optIn: boolean): void {
    this.marketingOptIn = optIn;
  }

  /** Answers true once signed in (the view then leaves the popup). */
  async login(): Promise<boolean> {
    if (this.loggingIn) return false;
    this.setBusy('loggingIn', true);
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

  private async signIn(email: string, password: string): Promise<boolean> {
    const outcome = await this.session.login(email, password);
    if (!outcome.ok) this.alerts.show(accountMessages.auth.errorDuringLogin(outcome.message), 'error');
    return outcome.ok;
  }

  private setBusy(flag: 'loggingIn' | 'signingUp' | 'sendingReset', on: boolean): void {
    this[flag] = on;
  }
}
