import { dictionary } from '@zxcvbn-ts/language-common';
import { type CommonPasswords, passwordProblem as problemOf } from '../../../src/domain/password-policy';

/** zxcvbn-ts's list of ~49k common passwords (lower case), made a Set on first use. */
let commonPasswords: CommonPasswords | undefined;
function common(): CommonPasswords {
  commonPasswords ??= new Set(dictionary['passwords-common']);
  return commonPasswords;
}

/**
 * The password rule of SPEC section 5 and D16, enforced by the server too (D5): the shop's own
 * rule module plus the common-password list. Returns the first problem as a message, or null.
 */
export function passwordProblem(password: string, confirmation?: string): string | null {
  return problemOf(password, confirmation, common());
}
