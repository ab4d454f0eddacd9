import { type ManagerOptions, type Socket, type SocketOptions, io } from 'socket.io-client';
import { z } from 'zod';
import type { Realtime, RealtimeConnection, RealtimeHandlers } from '../../ports/realtime';

/** SPEC 4: only a truthy payload means "verified" (the server sends `true`, D12). */
const emailVerifiedPayload = z.unknown().refine((value) => Boolean(value));

/** The 'emailVerified' handler logic, apart from the socket so the message contract can drive it. */
export function handleEmailVerified(payload: unknown, handlers: RealtimeHandlers): void {
  if (emailVerifiedPayload.safeParse(payload).success) handlers.onEmailVerified();
}

export type SocketFactory = (url: string, options: Partial<ManagerOptions & SocketOptions>) => Socket;

export interface SocketIoRealtimeOptions {
  baseUrl: string;
  io?: SocketFactory;
}

/** The socket.io connection to the API host (D12), authenticated in the handshake. */
export class SocketIoRealtime implements Realtime {
  private readonly baseUrl: string;
  private readonly connectSocket: SocketFactory;

  constructor(options: SocketIoRealtimeOptions) {
    this.baseUrl = options.baseUrl;
    this.connectSocket = options.io ?? io;
  }

  connect(accessToken: string, handlers: RealtimeHandlers): RealtimeConnection {
    // D12: the bare token, no 'Bearer ' prefix. `forceNew`: one socket per signed-in session.
    const socket = this.connectSocket(this.baseUrl, { auth: { token: accessToken }, forceNew: true });
    socket.on('emailVerified', (payload: unknown) => handleEmailVerified(payload, handlers));
    socket.on('connect_error', (error: Error) => {
      // The message only: the handshake (and its token) never reaches the log.
      console.error(`Real-time connection failed: ${error.message}`);
    });
    return { disconnect: () => void socket.disconnect() };
  }
}
