import type { Realtime, RealtimeConnection, RealtimeHandlers } from '@shop/core/ports/realtime';

/** One socket the app opened: the token it sent (D12) and whether it is still open. */
export interface FakeConnection {
  accessToken: string;
  handlers: RealtimeHandlers;
  open: boolean;
}

export interface FakeRealtimeOptions {
  /** Whose socket a token opens (the server puts each socket in its user's room, D12). */
  userOf?: (accessToken: string) => string | undefined;
}

/** The socket to the API host, in memory: records connections; tests and stories emit events. */
export class FakeRealtime implements Realtime {
  readonly connections: FakeConnection[] = [];

  constructor(private readonly options: FakeRealtimeOptions = {}) {}

  connect(accessToken: string, handlers: RealtimeHandlers): RealtimeConnection {
    const connection: FakeConnection = { accessToken, handlers, open: true };
    this.connections.push(connection);
    return {
      disconnect: () => {
        connection.open = false;
      },
    };
  }

  openConnections(): FakeConnection[] {
    return this.connections.filter((connection) => connection.open);
  }

  /**
   * Emits 'emailVerified' (payload true) to the open sockets: all of them, or only those of
   * `userId` when given (needs `userOf`).
   */
  emitEmailVerified(userId?: string): void {
    for (const connection of this.openConnections()) {
      if (userId !== undefined && this.options.userOf?.(connection.accessToken) !== userId) continue;
      connection.handlers.onEmailVerified();
    }
  }
}
