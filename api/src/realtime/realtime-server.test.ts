import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overHttp } from '../testing/over-http';
import { build, type TestServer } from '../testing/test-server';

const PASSWORD = 'Str0ng!Pass';
let server: TestServer;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await build({
    listen: true,
    clock: 'system',
    env: { PUBLIC_URL: 'https://shop.example/', CORS_ORIGINS: 'http://localhost:5173' },
  });
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server.close();
});

const api = overHttp(() => server);

async function signIn(email: string) {
  await api('POST', '/api/users/register', { userName: 'u', email, password: PASSWORD });
  return (await api('POST', '/api/users/login', { email, password: PASSWORD })).body as { accessToken: string; user: { _id: string } };
}

function open(auth: Record<string, unknown>, origin?: string): Socket {
  const socket = connect(server.url, {
    auth,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(origin ? { extraHeaders: { origin } } : {}),
  });
  sockets.push(socket);
  return socket;
}

/** 'connected', or the server's refusal message. */
function outcome(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (error) => resolve(error.message));
  });
}

describe('socket.io (D12)', () => {
  it("delivers emailVerified only to the verified user's sockets", async () => {
    const alice = await signIn('alice@example.com');
    const bob = await signIn('bob@example.com');
    const aliceSockets = [open({ token: alice.accessToken }), open({ token: alice.accessToken })];
    const bobSocket = open({ token: bob.accessToken });
    expect(await Promise.all([...aliceSockets, bobSocket].map(outcome))).toEqual(['connected', 'connected', 'connected']);

    const received: string[] = [];
    aliceSockets.forEach((socket, i) => socket.on('emailVerified', (payload) => received.push(`alice${i}:${payload}`)));
    bobSocket.on('emailVerified', (payload) => received.push(`bob:${payload}`));

    await api('POST', '/api/users/verify-email', {}, alice.accessToken);
    const link = (await server.flushMail()).find((m) => m.to === 'alice@example.com')!.links[0]!;
    const token = link.slice(link.lastIndexOf('/') + 1);
    expect((await api('POST', `/api/users/email-verification/${token}`, {})).status).toBe(200);

    await expect.poll(() => received.length).toBe(2);
    // Give a stray event to bob time to arrive before concluding it does not.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received.sort()).toEqual(['alice0:true', 'alice1:true']);
  });

  it('refuses sockets without a valid, live access token', async () => {
    const carol = await signIn('carol@example.com');
    await api('GET', '/api/users/logout', undefined, carol.accessToken);
    const results = await Promise.all([
      outcome(open({})),
      outcome(open({ token: 'not-a-jwt' })),
      outcome(open({ token: `Bearer ${carol.accessToken}` })),
      outcome(open({ token: carol.accessToken })),
    ]);
    expect(results).toEqual(['Unauthorized', 'Unauthorized', 'Unauthorized', 'Unauthorized']);
  });

  it("accepts a handshake only from the shop's own origins (PUBLIC_URL, CORS_ORIGINS, the host it is sent to) or without an Origin", async () => {
    const dana = await signIn('dana@example.com');
    const results = await Promise.all(
      [
        'https://shop.example',
        'http://localhost:5173',
        undefined,
        'https://evil.example',
        'http://shop.example',
        'https://shop.example:8443',
        'null',
        server.url,
        server.url.replace(/:\d+$/, ':1'),
      ].map((origin) => outcome(open({ token: dana.accessToken }, origin))),
    );
    expect(results).toEqual([
      'connected',
      'connected',
      'connected',
      'websocket error',
      'websocket error',
      'websocket error',
      'websocket error',
      'connected',
      'websocket error',
    ]);
  });

  it('speaks WebSocket only: a long-polling handshake is refused', async () => {
    const response = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: 'Transport unknown' });
  });
});
