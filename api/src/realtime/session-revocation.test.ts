import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overHttp } from '../testing/over-http';
import { NEW_PASSWORD, build, type TestServer } from '../testing/test-server';

const PASSWORD = 'Str0ng!Pass';
let server: TestServer;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await build({ listen: true });
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server.close();
});

interface Tokens {
  accessToken: string;
  refreshToken: string;
}

const api = overHttp(() => server);

async function signIn(email: string, register = true): Promise<Tokens> {
  if (register) await api('POST', '/api/users/register', { userName: 'u', email, password: PASSWORD });
  return (await api('POST', '/api/users/login', { email, password: PASSWORD })).body as Tokens;
}

/** A connected socket, and a promise of the reason it is dropped for. */
async function connected(tokens: Tokens): Promise<{ socket: Socket; dropped: Promise<string>; isConnected: () => boolean }> {
  const socket = connect(server.url, {
    auth: { token: tokens.accessToken },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const dropped = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
  return { socket, dropped, isConnected: () => socket.connected };
}

/** Lets a wrong disconnect arrive before concluding there is none. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

describe('sockets of revoked sessions are disconnected', () => {
  it("on logout (access or refresh token), only that session's sockets", async () => {
    const a = await signIn('logout-a@example.com');
    const b = await signIn('logout-a@example.com', false);
    const c = await signIn('logout-a@example.com', false);
    const [sa, sb, sc] = await Promise.all([connected(a), connected(b), connected(c)]);
    expect((await api('GET', '/api/users/logout', undefined, a.accessToken)).status).toBe(200);
    expect(await sa.dropped).toBe('io server disconnect');
    expect((await api('GET', '/api/users/logout', undefined, b.refreshToken)).status).toBe(200);
    expect(await sb.dropped).toBe('io server disconnect');
    await settle();
    expect(sc.isConnected()).toBe(true);
  });

  it('on refresh-token reuse', async () => {
    const first = await signIn('reuse@example.com');
    const s1 = await connected(first);
    const second = (await api('GET', '/api/users/refresh', undefined, first.refreshToken)).body as Tokens;
    const s2 = await connected(second);
    await settle();
    expect(s1.isConnected()).toBe(true);
    expect((await api('GET', '/api/users/refresh', undefined, first.refreshToken)).status).toBe(401);
    expect(await Promise.all([s1.dropped, s2.dropped])).toEqual(['io server disconnect', 'io server disconnect']);
  });

  it("on a password change: the other sessions' sockets, not the changing one's", async () => {
    const mine = await signIn('change@example.com');
    const other = await signIn('change@example.com', false);
    const [sMine, sOther] = await Promise.all([connected(mine), connected(other)]);
    const change = await api(
      'PUT',
      '/api/users/update-password',
      { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      mine.accessToken,
    );
    expect(change.status).toBe(200);
    expect(await sOther.dropped).toBe('io server disconnect');
    await settle();
    expect(sMine.isConnected()).toBe(true);
  });

  it('on a password reset: every socket of the user', async () => {
    const session = await signIn('reset@example.com');
    const bystander = await signIn('bystander@example.com');
    const [sUser, sBystander] = await Promise.all([connected(session), connected(bystander)]);
    await api('POST', '/api/users/forgot-password', { to: 'reset@example.com' });
    await expect.poll(async () => (await server.flushMail()).some((mail) => mail.to === 'reset@example.com')).toBe(true);
    const link = server.mails.find((mail) => mail.to === 'reset@example.com')!.links[0]!;
    expect((await api('PUT', `/api/users/reset-password/${link.slice(link.lastIndexOf('/') + 1)}`, { newpass: NEW_PASSWORD })).status).toBe(
      200,
    );
    expect(await sUser.dropped).toBe('io server disconnect');
    await settle();
    expect(sBystander.isConnected()).toBe(true);
  });

  it('when a refresh finds the session idle', async () => {
    const session = await signIn('idle@example.com');
    const socket = await connected(session);
    server.clock.advance(31 * 60_000);
    expect((await api('GET', '/api/users/refresh', undefined, session.refreshToken)).status).toBe(401);
    expect(await socket.dropped).toBe('io server disconnect');
  });
});
