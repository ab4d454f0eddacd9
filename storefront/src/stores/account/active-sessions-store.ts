import { makeAutoObservable, observableRef } from 'mobx';
import type { AccountSession } from '@shop/core/domain/account-session';
import type { Outcome } from '@shop/core/domain/outcome';
import type { AccountGateway } from '@shop/core/ports/account-gateway';
import { accountMessages } from '../../texts/account-messages';
import type { AlertStore } from '../alert-store';
import { type LoadState, settle } from '../load-state';

/** What `busy` holds while 'End all other sessions' runs. */
export const ENDING_OTHERS = 'others';

const ENDING_TEXTS = {
  rejected: accountMessages.sessions.endFailed,
  unavailable: accountMessages.sessions.endError,
} as const;

/**
 * The profile's active sessions (ASVS 7.5.2): where the account is signed in, this browser's
 * first, and ending one or all the others with the account's password given again. One call at a
 * time; a session the server no longer knows (ended elsewhere meanwhile) makes the list load again.
 */
export class ActiveSessionsStore {
  sessions: LoadState<AccountSession[]> = { status: 'loading' };
  /** The id of the session being ended, ENDING_OTHERS, or null. */
  busy: string | null = null;
  /** ASVS 7.5.2: ending sessions asks for the account's password again; cleared once they ended. */
  currentPassword = '';
  private request = 0;

  constructor(
    private readonly account: AccountGateway,
    private readonly alerts: AlertStore,
  ) {
    makeAutoObservable<this, 'account' | 'alerts' | 'request'>(
      this,
      { sessions: observableRef, account: false, alerts: false, request: false },
      { autoBind: true },
    );
  }

  /** This browser's session, once loaded. */
  get current(): AccountSession | undefined {
    return this.loaded.find((session) => session.current);
  }

  /** The other sessions, most recently used first (the server's order). */
  get others(): AccountSession[] {
    return this.loaded.filter((session) => !session.current);
  }

  async load(): Promise<void> {
    const request = ++this.request;
    this.sessions = { status: 'loading' };
    const sessions = await settle(this.account.listSessions());
    if (request === this.request) this.setSessions(sessions);
  }

  setCurrentPassword(password: string): void {
    this.currentPassword = password;
  }

  async end(id: string): Promise<void> {
    if (!this.canEnd()) return;
    this.setBusy(id);
    const outcome = await this.account.endSession(id, this.currentPassword);
    this.finish(outcome, accountMessages.sessions.ended, (session) => session.id !== id);
  }

  async endOthers(): Promise<void> {
    if (!this.canEnd()) return;
    this.setBusy(ENDING_OTHERS);
    const outcome = await this.account.endOtherSessions(this.currentPassword);
    this.finish(outcome, accountMessages.sessions.othersEnded, (session) => session.current);
  }

  private get loaded(): AccountSession[] {
    return this.sessions.status === 'loaded' ? this.sessions.data : [];
  }

  /** Not while a call runs; without the password, says what is missing. */
  private canEnd(): boolean {
    if (this.busy !== null) return false;
    if (this.currentPassword === '') this.alerts.show(accountMessages.sessions.passwordNeeded, 'error');
    return this.currentPassword !== '';
  }

  private finish(outcome: Outcome<void>, ok: string, keep: (session: AccountSession) => boolean): void {
    this.busy = null;
    this.alerts.showOutcome(outcome, { ok, ...ENDING_TEXTS });
    if (outcome.ok) {
      this.currentPassword = '';
      this.setSessions({ status: 'loaded', data: this.loaded.filter(keep) });
    }
    // Refused (e.g. ended elsewhere meanwhile): show what the server has now.
    else if (outcome.kind === 'rejected') void this.load();
  }

  private setSessions(sessions: LoadState<AccountSession[]>): void {
    this.sessions = sessions;
  }

  private setBusy(busy: string | null): void {
    this.busy = busy;
  }
}
