import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { type DefaultEventsMap, Server } from 'socket.io';
import type { Session } from '../accounts/session-tokens';
import type { UserEvents } from './user-events';

export interface RealtimeServer {
  io: Server;
  close(): Promise<void>;
}

export function userRoom(userId: string): string {
  return `user:${userId}`;
}

/** The sockets of one session family (the access token's `sid`). */
export function sessionRoom(familyId: string): string {
  return `session:${familyId}`;
}

/** What a socket carries once its handshake token checked out. */
interface SocketData {
  userId: string;
  familyId: string;
}

/**
 * socket.io on the API's own HTTP server (D12). The handshake must carry a live access token as
 * `auth.token`; the socket then joins its user's room, and `emailVerified` goes to that room only.
 * It also joins its session's room: a revoked session (logout, refresh-token reuse, password
 * change or reset, idle expiry) loses its sockets at once. With REDIS_URL the rooms span every
 * server process (redis adapter), disconnection included.
 */
export async function attachRealtime(
  httpServer: HttpServer,
  deps: {
    authenticate: (accessToken: string) => Promise<Session>;
    events: UserEvents;
    corsOrigins: string[];
    redisUrl?: string | undefined;
  },
): Promise<RealtimeServer> {
  const io = new Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>(httpServer, {
    serveClient: false,
    cors: { origin: deps.corsOrigins.length > 0 ? deps.corsOrigins : false },
    maxHttpBufferSize: 16 * 1024,
    // WebSocket only: no long-polling. A socket is one connection to one process, so several
    // processes behind a load balancer need no sticky sessions (the redis adapter spans them), and
    // a closed tab leaves no half-closed poll (engine.io waits 30 s for one on shutdown).
    transports: ['websocket'],
  });

  const redisClients: Array<{ close(): Promise<unknown> }> = [];
  if (deps.redisUrl) {
    const pub = createClient({ url: deps.redisUrl });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    redisClients.push(pub, sub);
    io.adapter(createAdapter(pub, sub));
  }

  io.use((socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    if (typeof token !== 'string' || token.length === 0 || token.length > 4096) {
      next(new Error('Unauthorized'));
      return;
    }
    deps.authenticate(token).then(
      (session) => {
        socket.data.userId = session.userId;
        socket.data.familyId = session.familyId;
        next();
      },
      () => next(new Error('Unauthorized')),
    );
  });

  io.on('connection', (socket) => {
    void socket.join([userRoom(String(socket.data.userId)), sessionRoom(String(socket.data.familyId))]);
  });

  const unsubscribe = deps.events.subscribe((event) => {
    if (event.type === 'emailVerified') io.to(userRoom(event.userId)).emit('emailVerified', true);
    if (event.type === 'sessionsRevoked') io.in(event.familyIds.map(sessionRoom)).disconnectSockets(true);
  });

  return {
    io,
    async close() {
      unsubscribe();
      io.disconnectSockets(true);
      // io.close() would also close the HTTP server; Fastify owns that.
      io.engine.close();
      await Promise.all(redisClients.map((client) => client.close().catch(() => undefined)));
    },
  };
}
