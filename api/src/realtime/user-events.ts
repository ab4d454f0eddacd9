/** Events addressed to live sessions (D12). The socket layer subscribes. */
export interface UserEvents {
  emailVerified(userId: string): void;
  /** These session families were revoked (logout, reuse, password change, idle): drop their sockets. */
  sessionsRevoked(familyIds: string[]): void;
  subscribe(listener: (event: UserEvent) => void): () => void;
}

export type UserEvent = { type: 'emailVerified'; userId: string } | { type: 'sessionsRevoked'; familyIds: string[] };

export function createUserEvents(): UserEvents {
  const listeners = new Set<(event: UserEvent) => void>();
  const emit = (event: UserEvent) => {
    for (const listener of listeners) listener(event);
  };
  return {
    emailVerified: (userId) => emit({ type: 'emailVerified', userId }),
    sessionsRevoked: (familyIds) => emit({ type: 'sessionsRevoked', familyIds }),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
