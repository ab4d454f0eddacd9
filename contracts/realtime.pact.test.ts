import { describe, expect, it, vi } from 'vitest';
import { handleEmailVerified } from '../storefront/src/adapters/socket/socket-io-realtime';
import { STATES } from './provider-states';
import { createPact, state } from './support/contract-pact';

const pact = createPact();

// D12: socket.io on the API host emits 'emailVerified' with `true` to the user's own sockets.
// The contract pins the event's payload as the client's handler consumes it; the provider
// verification captures the real event on a signed-in socket (contracts/verify).
describe('real-time messages', () => {
  it('an emailVerified event with a true payload makes the client re-fetch the user', async () => {
    await pact
      .addAsynchronousInteraction()
      .given(
        ...state(STATES.userEmailVerified, {
          email: 'verified.shopper@example.com',
          password: 'Verified#2024',
          userName: 'verified-shopper',
        }),
      )
      .expectsToReceive('an emailVerified event', (builder) => {
        // Exactly `true`: a boolean type matcher would also accept `false`, which the client ignores.
        builder.withMetadata({ event: 'emailVerified' }).withJSONContent(true);
      })
      .executeTest(async (message) => {
        const onEmailVerified = vi.fn();
        handleEmailVerified(message.contents.content, { onEmailVerified });
        expect(onEmailVerified).toHaveBeenCalledTimes(1);
      });
  });
});
