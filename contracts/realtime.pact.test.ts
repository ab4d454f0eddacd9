import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it, vi } from 'vitest';
import { handleEmailVerified } from '../src/adapters/socket/socket-io-realtime';
import { STATES } from './provider-states';
import { createPact, state } from './support/contract-pact';

const pact = createPact();

// D12: socket.io on the API host emits 'emailVerified' with `true` to the user's own sockets.
// The transport (handshake, rooms) is covered by the adapter's and the server's socket tests;
// the contract pins the event's payload as the client's handler consumes it.
describe('real-time messages', () => {
  it('an emailVerified event with a true payload makes the client re-fetch the user', async () => {
    await pact
      .addAsynchronousInteraction()
      .given(...state(STATES.userEmailVerified, { email: 'verified.shopper@example.com', password: 'Verified#2024', userName: 'verified-shopper' }))
      .expectsToReceive('an emailVerified event', (builder) => {
        builder.withMetadata({ event: 'emailVerified' }).withJSONContent(MatchersV3.boolean(true));
      })
      .executeTest(async (message) => {
        const onEmailVerified = vi.fn();
        handleEmailVerified(message.contents.content, { onEmailVerified });
        expect(onEmailVerified).toHaveBeenCalledTimes(1);
      });
  });
});
