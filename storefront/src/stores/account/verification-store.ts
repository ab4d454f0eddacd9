import { makeAutoObservable, observable } from 'mobx';
import { accountMessages } from '../../texts/account-messages';
import type { AccountGateway } from '@shop/core/ports/account-gateway';
import type { UserRefresh } from '../session-roles';

export type VerificationKind = 'signed-in' | 'anonymous';

export type VerificationState =
  | { status: 'running' }
  | { status: 'verified'; message: string }
  | { status: 'failed'; message: string }
  | { status: 'error'; message: string };

/**
 * The email verification pages (SPEC sections 2, 4, 8; D2). A verification token is single use,
 * so each token is sent once per app run: the promise is kept here, not in the view, and a
 * second mount (React StrictMode, navigating back) reuses it.
 */
export class VerificationStore {
  private readonly states = observable.map<string, VerificationState>();
  private readonly runs = new Map<string, Promise<VerificationState>>();

  constructor(
    private readonly account: AccountGateway,
    private readonly session: UserRefresh,
  ) {
    makeAutoObservable<this, 'account' | 'session' | 'runs' | 'states'>(
      this,
      { account: false, session: false, runs: false, states: false },
      { autoBind: true },
    );
  }

  stateOf(kind: VerificationKind, token: string): VerificationState | undefined {
    return this.states.get(keyOf(kind, token));
  }

  verify(kind: VerificationKind, token: string): Promise<VerificationState> {
    const key = keyOf(kind, token);
    let run = this.runs.get(key);
    if (!run) {
      run = this.run(kind, token, key);
      this.runs.set(key, run);
    }
    return run;
  }

  private async run(kind: VerificationKind, token: string, key: string): Promise<VerificationState> {
    this.setState(key, { status: 'running' });
    const outcome = kind === 'anonymous' ? await this.account.verifyEmailAnonymous(token) : await this.account.verifyEmail(token);
    // D2: the first of SPEC's two success texts, whatever the server words it.
    const state: VerificationState = outcome.ok
      ? { status: 'verified', message: accountMessages.verification.verified }
      : outcome.kind === 'unavailable'
        ? { status: 'error', message: accountMessages.verification.error }
        : { status: 'failed', message: outcome.message ?? accountMessages.verification.failed };
    this.setState(key, state);
    // The signed-in user's row flips at once, even if the real-time event is late or lost.
    if (state.status === 'verified' && kind === 'signed-in' && this.session.isLoggedIn) void this.session.refreshUser();
    return state;
  }

  private setState(key: string, state: VerificationState): void {
    this.states.set(key, state);
  }
}

function keyOf(kind: VerificationKind, token: string): string {
  return `${kind}:${token}`;
}
