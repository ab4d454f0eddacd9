import type { StoredSession } from '../../domain/user';
import type { SessionStorage } from '../../ports/session-storage';

/** The browser-kept session in memory (a story pre-signs a user in by passing one). */
export class MemorySessionStorage implements SessionStorage {
  private session: StoredSession | null;

  constructor(initial: StoredSession | null = null) {
    this.session = initial ? structuredClone(initial) : null;
  }

  load(): StoredSession | null {
    return this.session ? structuredClone(this.session) : null;
  }

  save(session: StoredSession): void {
    this.session = structuredClone(session);
  }

  clear(): void {
    this.session = null;
  }
}
