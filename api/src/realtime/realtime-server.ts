import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import { type DefaultEventsMap, Server } from 'socket.io';
import type { Session } from '../auth/session-tokens';
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
    /** The shop's own address (PUBLIC_URL): with CORS_ORIGINS, the only pages that may open a socket. */
    publicUrl: string;
    corsOrigins: string[];
    redisUrl?: string | undefined;
    /** Where Redis's comings and goings are told. */
    log?: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  },
): Promise<RealtimeServer> {
  const allowedOrigins = new Set([deps.publicUrl, ...deps.corsOrigins].map((url) => new URL(url).origin));
  const io = new Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>(httpServer, {
    serveClient: false,
    cors: { origin: deps.corsOrigins.length > 0 ? deps.corsOrigins : false },
    maxHttpBufferSize: 16 * 1024,
    // WebSocket only: no long-polling. A socket is one connection to one process, so several
    // processes behind a load balancer need no sticky sessions (the redis adapter spans them), and
    // a closed tab leaves no half-closed poll (engine.io waits 30 s for one on shutdown).
    transports: ['websocket'],
    // A browser names the page that opens a WebSocket (Origin), and no page can leave it out: only
    // the shop's own pages may open one, so another site cannot use a visitor's browser to
    // connect. Clients that are no browser send none and pass (the storefront tier's forwarding,
    // tools); they still need a live access token, like everyone. A page of the host the socket is
    // opened on is the shop's own too, whatever name it was reached by (127.0.0.1 or localhost
    // beside PUBLIC_URL's name): another site's page names its own host, never ours.
    allowRequest: (request, callback) => {
      const origin = request.headers.origin;
      callback(null, origin === undefined || allowedOrigins.has(origin) || isSameHost(origin, request.headers.host));
    },
  });

  const redisClients: Array<{ close(): Promise<unknown> }> = [];
  if (deps.redisUrl) {
    // Redis may be away at start or go away later (D23): the server starts and serves anyway, its
    // sockets hear this process's events only, and the clients keep reconnecting; events published
    // meanwhile wait in the client's queue and go out when Redis is back.
    const pub = createClient({ url: deps.redisUrl, socket: { reconnectStrategy: reconnectDelay } });
    const sub = pub.duplicate();
    for (const [client, role] of [
      [pub, 'publisher'],
      [sub, 'subscriber'],
    ] as const) {
      watchRedis(client, role, deps.log);
      // Resolves once connected; until then (and after any loss) the client keeps trying.
      client.connect().catch(() => undefined);
      // Closing waits for queued commands, which never go while Redis is away: then drop them.
      redisClients.push({ close: () => (client.isReady ? client.close() : Promise.resolve(client.destroy())) });
    }
    io.adapter(createAdapter(quietly(pub, ['publish']), quietly(sub, ['pSubscribe', 'subscribe', 'pUnsubscribe', 'unsubscribe'])));
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

/** From a quarter of a second up to five seconds between two tries. */
function reconnectDelay(retries: number): number {
  return Math.min(250 * 2 ** retries, 5000);
}

/** Tells once when Redis is lost (an error event would otherwise end the process) and once when it is back. */
function watchRedis(
  client: { on(event: 'error', listener: (error: Error) => void): unknown; on(event: 'ready', listener: () => void): unknown },
  role: string,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'> | undefined,
): void {
  let away = false;
  client.on('error', (error: Error) => {
    if (away) return;
    away = true;
    log?.warn(`Redis ${role} unreachable (${error.message}): real-time events reach this process's sockets only, until Redis returns`);
  });
  client.on('ready', () => {
    if (!away) return;
    away = false;
    log?.info(`Redis ${role} is back: real-time events span every process again`);
  });
}

/**
 * The client with `methods` that never reject: the redis adapter calls them without handling a
 * failure (a command that timed out in the queue while Redis was away, or dropped by a close),
 * which would be an unhandled rejection, and so the end of the process. A lost publish is a lost
 * real-time event (the shop also reads its state on the next request); the client resubscribes
 * by itself when it reconnects.
 */
function quietly<Client extends object>(client: Client, methods: readonly string[]): Client {
  const calls = client as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const method of methods) {
    const original = calls[method]?.bind(client);
    if (!original) continue;
    calls[method] = (...args: unknown[]) => {
      const result = original(...args);
      return result instanceof Promise ? result.catch(() => undefined) : result;
    };
  }
  return client;
}

/** Whether a page's origin is the host the request was sent to (the page came from this server). */
function isSameHost(origin: string, host: string | undefined): boolean {
  if (host === undefined) return false;
  try {
    const { protocol, host: originHost } = new URL(origin);
    return (protocol === 'http:' || protocol === 'https:') && originHost === host.toLowerCase();
  } catch {
    return false;
  }
}
