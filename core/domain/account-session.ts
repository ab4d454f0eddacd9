/**
 * One place where the shopper's account is signed in (ASVS 7.5.2), as the session list shows it.
 * The device is what the server read from the sign-in's browser; either part may be '' (unknown).
 */
export interface AccountSession {
  id: string;
  /** Browser name and major version, e.g. `Chrome 131`. */
  browser: string;
  /** Operating system, e.g. `Windows`. */
  os: string;
  /** ISO 8601 times: the sign-in, and the last call the session made (to the minute). */
  createdAt: string;
  lastUsedAt: string;
  /** This browser's own session. */
  current: boolean;
}
