import { dictionary } from '@zxcvbn-ts/language-common';
import { type CommonPasswords, type PasswordContext, passwordProblem as problemOf } from '@shop/core/domain/password-policy';
import type { UserRow } from './account-repository';

/** zxcvbn-ts's list of ~49k common passwords (lower case), made a Set on first use. */
let commonPasswords: CommonPasswords | undefined;
function common(): CommonPasswords {
  commonPasswords ??= new Set(dictionary['passwords-common']);
  return commonPasswords;
}

/**
 * The password rule of SPEC section 5 and D16, enforced by the server too (D5): the shop's own
 * rule module plus the common-password list, and the shop's name and the user's own names and
 * address (`context`, as far as known). Returns the first problem as a message, or null.
 */
export function passwordProblem(password: string, confirmation?: string, context?: PasswordContext): string | null {
  return problemOf(password, confirmation, common(), context);
}

/** What of a stored user their password must not contain. */
export function passwordContextOf(user: Pick<UserRow, 'user_name' | 'name' | 'surname' | 'email'>): PasswordContext {
  return { userName: user.user_name, name: user.name, surname: user.surname, email: user.email };
}
