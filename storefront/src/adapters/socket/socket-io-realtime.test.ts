// @vitest-environment node
import { type Server as HttpServer, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket } from 'socket.io';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RealtimeConnection } from '@shop/core/ports/realtime';
import { SocketIoRealtime } from './socket-io-realtime';

// A real socket.io server that, like the API (D12), refuses sockets without a known token.
describe('SocketIoRealtime', () => {
  let httpServer: HttpServer;
  let io: Server;
  let baseUrl: string;
  const handshakeTokens: unknown[] = [];
  let connected: Promise<Socket>;
  let onConnected: (socket: Socket) => void;
  let connection: RealtimeConnection | undefined;

  const nextConnection = () => {
    connected = new Promise((resolve) => {
      onConnected = resolve;
    });
  };

  beforeAll(async () => {
    httpServer = createServer();
    // Like the API: WebSocket only.
    io = new Server(httpServer, { transports: ['websocket'] });
    io.use((socket, next) => {
      const token: unknown = socket.handshake.auth.token;
      handshakeTokens.push(token);
      next(token === 'good.access.token' ? undefined : new Error('Unauthorized'));
    });
    io.on('connection', (socket) => onConnected(socket));
    await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await io.close();
  });
  afterEach(() => {
    connection?.disconnect();
    connection = undefined;
    handshakeTokens.length = 0;
    vi.restoreAllMocks();
  });

  const waitFor = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  };

  it('sends the bare access token in the handshake and calls the handler on emailVerified true', async () => {
    nextConnection();
    const onEmailVerified = vi.fn();
    connection = new SocketIoRealtime({ baseUrl }).connect('good.access.token', { onEmailVerified });
    const socket = await connected;
    expect(handshakeTokens).toEqual(['good.access.token']);
    expect(socket.conn.transport.name).toBe('websocket');
    socket.emit('emailVerified', true);
    await waitFor(() => onEmailVerified.mock.calls.length > 0);
    expect(onEmailVerified).toHaveBeenCalledTimes(1);
  });

  it('ignores falsy payloads and calls the handler for the next truthy one', async () => {
    nextConnection();
    const onEmailVerified = vi.fn();
    connection = new SocketIoRealtime({ baseUrl }).connect('good.access.token', { onEmailVerified });
    const socket = await connected;
    socket.emit('emailVerified', false);
    socket.emit('emailVerified', 0);
    socket.emit('emailVerified', '');
    socket.emit('emailVerified', null);
    socket.emit('emailVerified', 'yes');
    // Events arrive in order: once the truthy one is seen, the falsy ones were already handled.
    await waitFor(() => onEmailVerified.mock.calls.length > 0);
    expect(onEmailVerified).toHaveBeenCalledTimes(1);
  });

  it('disconnects on request', async () => {
    nextConnection();
    connection = new SocketIoRealtime({ baseUrl }).connect('good.access.token', { onEmailVerified: () => undefined });
    const socket = await connected;
    const gone = new Promise<string>((resolve) => socket.on('disconnect', resolve));
    connection.disconnect();
    // Without the disconnect the event never comes and the test times out.
    expect(['client namespace disconnect', 'transport close']).toContain(await gone);
    expect(socket.connected).toBe(false);
  });

  it('logs a refused handshake without the token', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    connection = new SocketIoRealtime({ baseUrl }).connect('stolen.or.expired', { onEmailVerified: () => undefined });
    await waitFor(() => log.mock.calls.length > 0);
    expect(handshakeTokens).toEqual(['stolen.or.expired']);
    expect(String(log.mock.calls[0]?.[0])).toContain('Unauthorized');
    expect(log.mock.calls.flat().join(' ')).not.toContain('stolen.or.expired');
  });
});
