import type { User } from '@shop/core/domain/user';

/**
 * The parts of the session other stores may use, each as narrow as its users need. The session
 * store plays every role; no store depends on the session class itself.
 */

/** What signing in answers; views turn `message` into SPEC texts ('Error during login: ' ...). */
export type AuthOutcome = { ok: true } | { ok: false; message: string };

/** Who is signed in. */
export interface SignedInUser {
  readonly user: User | null;
}

/** Signing in with email and password (the popup, the guest checkout modal). */
export interface SignIn {
  login(email: string, password: string): Promise<AuthOutcome>;
}

/** The signed-in user's record, kept in memory and in storage (SPEC 3: refreshed on each edit). */
export interface UserRecord extends SignedInUser {
  /** Replaces the signed-in user; nothing happens when nobody is signed in. */
  setUser(user: User): void;
}

/** Re-reading the signed-in user from the server (after an email verification). */
export interface UserRefresh {
  readonly isLoggedIn: boolean;
  refreshUser(): Promise<void>;
}
