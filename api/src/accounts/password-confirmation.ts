import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientKey } from '../http/client-key';
import { logSecurityEvent, whenThrottled } from '../logging/security-events';
import type { UserRow } from './account-repository';

/** What the password is asked again for: the `reason` of the security events it logs. */
export type ConfirmationPurpose = 'password-change' | 'end-sessions' | 'delete-account';

/**
 * The signed-in caller proves the account's password again before an action a stolen session
 * must not be enough for: changing the password, ending sessions (ASVS 7.5.2), deleting the
 * account. A wrong password counts like a failed login of the account from this client
 * (password-check-gate.ts), so a session cannot be used to guess it; the limits answer 429 once
 * reached (logged as `account-locked`), and each wrong password is logged
 * (`password-change-failed` for a change, else `password-confirmation-failed`).
 */
export async function passwordConfirmed(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
  password: string,
  purpose: ConfirmationPurpose,
): Promise<boolean> {
  const ticket = await app.passwordChecks
    .open(user.email_key, clientKey(request.ip), app.deviceMarkers.isPresented(request, user.email_key))
    .catch(whenThrottled(request, 'account-locked', { outcome: 'refused', userId: user.id, reason: purpose }));
  if (!(await app.hasher.verify(user.password_hash, password))) {
    const failed = purpose === 'password-change' ? 'password-change-failed' : 'password-confirmation-failed';
    logSecurityEvent(request, failed, {
      outcome: 'failure',
      userId: user.id,
      reason: purpose === 'password-change' ? 'wrong-current-password' : purpose,
    });
    return false;
  }
  await ticket.succeeded();
  return true;
}
