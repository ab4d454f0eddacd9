import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import { z } from 'zod/mini';
import type { Realtime, RealtimeConnection, RealtimeHandlers } from '@shop/core/ports/realtime';

/** SPEC 4: only a truthy payload means "verified" (the server sends `true`, D12). */
const emailVerifiedPayload = z.unknown().check(z.refine((value) => Boolean(value)));

/** The 'emailVerified' handler logic, apart from the socket so the message contract can drive it. */
export function handleEmailVerified(payload: unknown, handlers: RealtimeHandlers): void {
  if (emailVerifiedPayload.safeParse(payload).success) handlers.onEmailVerified();
}

export type SocketFactory = (url: string, options: Partial<ManagerOptions & SocketOptions>) => Socket;

export interface SocketIoRealtimeOptions {
  baseUrl: string;
  io?: SocketFactory;
}

/**
 * socket.io-client is loaded on the first connection only: anonymous shoppers (most first
 * visits) never download it.
 */
const loadSocketFactory = async (): Promise<SocketFactory> => (await import('socket.io-client')).io;

/** The socket.io connection to the API host (D12), authenticated in the handshake. */
export class SocketIoRealtime implements Realtime {
  private readonly baseUrl: string;
  private readonly socketFactory: () => Promise<SocketFactory>;

  constructor(options: SocketIoRealtimeOptions) {
    this.baseUrl = options.baseUrl;
    const injected = options.io;
    this.socketFactory = injected ? async () => injected : loadSocketFactory;
  }

  connect(accessToken: string, handlers: RealtimeHandlers): RealtimeConnection {
    let socket: Socket | undefined;
    let closed = false;
    void this.socketFactory().then(
      (connectSocket) => {
        if (closed) return;
        // D12: the bare token, no 'Bearer ' prefix. `forceNew`: one socket per signed-in session.
        // WebSocket only, as the server accepts: no long-polling requests.
        socket = connectSocket(this.baseUrl, { auth: { token: accessToken }, forceNew: true, transports: ['websocket'] });
        socket.on('emailVerified', (payload: unknown) => handleEmailVerified(payload, handlers));
        socket.on('connect_error', (error: Error) => {
          // The message only: the handshake (and its token) never reaches the log.
          console.error(`Real-time connection failed: ${error.message}`);
        });
      },
      (error: unknown) => console.error(`Real-time client could not load: ${error instanceof Error ? error.message : 'unknown error'}`),
    );
    return {
      disconnect: () => {
        closed = true;
        socket?.disconnect();
      },
    };
  }
}
