import type { StoredSession } from '@shop/core/domain/user';
import type { SessionStorage } from '@shop/core/ports/session-storage';
import { wireUserSchema } from '../http/wire/account-wire';

export const SESSION_KEYS = { accessToken: 'accessToken', refreshToken: 'refreshToken', user: 'user' } as const;

/**
 * Tokens (plain strings) and the user (JSON) in the browser's storage (SPEC 3, D7, D15). The user
 * is read like the wire format: unknown fields are dropped, missing optional ones take their
 * defaults. Anything that does not make a session (no access token, no user, a corrupt user) is
 * removed, so the shop starts cleanly logged out. Failures are logged without token or user data.
 */
export class LocalSessionStorage implements SessionStorage {
  constructor(private readonly storage: Storage = window.localStorage) {}

  load(): StoredSession | null {
    let session: StoredSession | null;
    try {
      session = this.read();
    } catch {
      console.error('Could not read the session from local storage');
      return null;
    }
    if (session === null) this.clear();
    return session;
  }

  /** The stored session, null when there is none or it cannot be read; throws when storage does. */
  private read(): StoredSession | null {
    const accessToken = this.storage.getItem(SESSION_KEYS.accessToken);
    const rawUser = this.storage.getItem(SESSION_KEYS.user);
    if (!accessToken || rawUser === null) return null;
    let value: unknown;
    try {
      value = JSON.parse(rawUser);
    } catch {
      value = undefined;
    }
    const user = wireUserSchema.safeParse(value);
    if (!user.success) {
      console.error('The stored user cannot be read; starting logged out');
      return null;
    }
    const refreshToken = this.storage.getItem(SESSION_KEYS.refreshToken);
    return { accessToken, refreshToken: refreshToken || null, user: user.data };
  }

  save(session: StoredSession): void {
    try {
      this.storage.setItem(SESSION_KEYS.accessToken, session.accessToken);
      if (session.refreshToken === null) this.storage.removeItem(SESSION_KEYS.refreshToken);
      else this.storage.setItem(SESSION_KEYS.refreshToken, session.refreshToken);
      this.storage.setItem(SESSION_KEYS.user, JSON.stringify(session.user));
    } catch {
      console.error('Could not write the session to local storage');
    }
  }

  clear(): void {
    for (const key of Object.values(SESSION_KEYS)) {
      try {
        this.storage.removeItem(key);
      } catch {
        console.error('Could not remove a session entry from local storage');
      }
    }
  }
}
