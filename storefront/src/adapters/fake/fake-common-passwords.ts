import { dictionary } from '@zxcvbn-ts/language-common';
import type { CommonPasswords } from '@shop/core/domain/password-policy';

let commonPasswords: CommonPasswords | undefined;

/**
 * The reference server's common-password list (zxcvbn-ts, ~49k entries), made a Set on first use.
 * Only the fakes load it, and they load only in `dev:fake` and Storybook, never in the shop's bundle.
 */
export function fakeCommonPasswords(): CommonPasswords {
  commonPasswords ??= new Set(dictionary['passwords-common']);
  return commonPasswords;
}
