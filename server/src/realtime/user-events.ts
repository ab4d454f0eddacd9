/** Events addressed to one user's live sessions (D12). The socket layer subscribes. */
export interface UserEvents {
  emailVerified(userId: string): void;
  subscribe(listener: (event: UserEvent) => void): () => void;
}

export type UserEvent = { type: 'emailVerified'; userId: string };

export function createUserEvents(): UserEvents {
  const listeners = new Set<(event: UserEvent) => void>();
  return {
    emailVerified(userId) {
      for (const listener of listeners) listener({ type: 'emailVerified', userId });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
