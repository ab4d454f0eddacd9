import { describe, expect, it } from 'vitest';
import { FakeRealtime } from './fake-realtime';

describe('FakeRealtime', () => {
  it('records connections with their tokens and emits to the open ones only', () => {
    const realtime = new FakeRealtime();
    const seen: string[] = [];
    realtime.connect('token-a', { onEmailVerified: () => seen.push('a') });
    const b = realtime.connect('token-b', { onEmailVerified: () => seen.push('b') });
    expect(realtime.connections.map((c) => c.accessToken)).toEqual(['token-a', 'token-b']);
    b.disconnect();
    realtime.emitEmailVerified();
    expect(seen).toEqual(['a']);
    expect(realtime.openConnections().map((c) => c.accessToken)).toEqual(['token-a']);
  });

  it("emits only to one user's sockets when asked", () => {
    const realtime = new FakeRealtime({ userOf: (token) => token.split(':')[0] });
    const seen: string[] = [];
    realtime.connect('ayse:1', { onEmailVerified: () => seen.push('ayse') });
    realtime.connect('mehmet:1', { onEmailVerified: () => seen.push('mehmet') });
    realtime.emitEmailVerified('mehmet');
    expect(seen).toEqual(['mehmet']);
  });
});
