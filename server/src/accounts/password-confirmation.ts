import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientKey } from '../http/client-key';
import type { UserRow } from './account-store';

/**
 * The signed-in caller proves the account's password again before an action a stolen session
 * must not be enough for (ASVS 7.5.2: ending sessions). A wrong password counts like a failed
 * login of the account from this client (password-check-gate.ts), so a session cannot be used to
 * guess it; the limits answer 429 once reached.
 */
export async function passwordConfirmed(app: FastifyInstance, request: FastifyRequest, user: UserRow, password: string): Promise<boolean> {
  const ticket = await app.passwordChecks.open(
    user.email_key,
    clientKey(request.ip),
    app.deviceMarkers.isPresented(request, user.email_key),
  );
  if (!(await app.hasher.verify(user.password_hash, password))) return false;
  await ticket.succeeded();
  return true;
}
