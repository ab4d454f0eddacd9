import type { StoredSession } from '../domain/user';

/** Tokens and user kept in the browser (SPEC section 3, D7). */
export interface SessionStorage {
  load(): StoredSession | null;
  save(session: StoredSession): void;
  clear(): void;
}
