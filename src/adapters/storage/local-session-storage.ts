import type { StoredSession } from '../../domain/user';
import type { SessionStorage } from '../../ports/session-storage';
import { wireUserSchema } from '../http/wire/account-wire';

export const SESSION_KEYS = { accessToken: 'accessToken', refreshToken: 'refreshToken', user: 'user' } as const;

/**
 * Tokens (plain strings) and the user (JSON) in the browser's storage (SPEC 3, D7). A missing
 * access token or a missing or corrupt user reads as no session. Failures are logged without
 * any token or user data.
 */
export class LocalSessionStorage implements SessionStorage {
  constructor(private readonly storage: Storage = window.localStorage) {}

  load(): StoredSession | null {
    try {
      const accessToken = this.storage.getItem(SESSION_KEYS.accessToken);
      const rawUser = this.storage.getItem(SESSION_KEYS.user);
      if (!accessToken || rawUser === null) return null;
      const user = wireUserSchema.safeParse(JSON.parse(rawUser));
      if (!user.success) {
        console.error('The stored user has an unexpected shape; treating the session as signed out');
        return null;
      }
      const refreshToken = this.storage.getItem(SESSION_KEYS.refreshToken);
      return { accessToken, refreshToken: refreshToken || null, user: user.data };
    } catch {
      console.error('Could not read the session from local storage');
      return null;
    }
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
