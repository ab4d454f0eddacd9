/** SPEC section 5: the new-password rules, each shown live with its own mark. */
export const PASSWORD_MIN_LENGTH = 8;

/** Exactly the set SPEC lists; other punctuation (e.g. '-', '_') does not count. */
export const SPECIAL_CHARACTERS = '!@#$%^&*(),.?":{}|<>';

export interface PasswordCheck {
  minLength: boolean;
  uppercase: boolean;
  lowercase: boolean;
  digit: boolean;
  special: boolean;
  /** Confirmation is non-empty and equal to the new password. */
  match: boolean;
}

/*
 * Letters: SPEC's examples mean A-Z / a-z, but the shop is Turkish, so any Unicode upper- or
 * lowercase letter counts (İ, Ş, Ğ uppercase; ı, ş, ğ lowercase): rejecting 'ŞİFRE' as having
 * no uppercase letter would puzzle a shopper and adds no strength. Digits are ASCII 0-9 only.
 * Length counts characters (code points), so an emoji is one character, not two.
 */
const UPPERCASE = /\p{Lu}/u;
const LOWERCASE = /\p{Ll}/u;
const DIGIT = /[0-9]/;

export function checkPassword(newPassword: string, confirmPassword: string): PasswordCheck {
  return {
    minLength: [...newPassword].length >= PASSWORD_MIN_LENGTH,
    uppercase: UPPERCASE.test(newPassword),
    lowercase: LOWERCASE.test(newPassword),
    digit: DIGIT.test(newPassword),
    special: [...newPassword].some((character) => SPECIAL_CHARACTERS.includes(character)),
    match: newPassword.length > 0 && newPassword === confirmPassword,
  };
}

/** Update is allowed only when every rule holds. */
export function isPasswordAcceptable(check: PasswordCheck): boolean {
  return (
    check.minLength && check.uppercase && check.lowercase && check.digit && check.special && check.match
  );
}
