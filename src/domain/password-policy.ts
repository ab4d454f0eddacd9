/**
 * The one password rule (SPEC section 5, D16): the client's live marks, the server's refusal and
 * the fakes' refusal all come from here. Pure: a common-password list is handed in by the caller
 * (server and fakes), so the list never reaches the shop's bundle.
 */
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
  return check.minLength && check.uppercase && check.lowercase && check.digit && check.special && check.match;
}

/** The server's 400 messages, one per rule; the fakes answer the same. */
export const PASSWORD_PROBLEMS = {
  minLength: 'Password must be at least 8 characters long.',
  uppercase: 'Password must contain at least 1 uppercase letter.',
  lowercase: 'Password must contain at least 1 lowercase letter.',
  digit: 'Password must contain at least 1 digit.',
  special: `Password must contain at least 1 special character from ${SPECIAL_CHARACTERS}.`,
  match: 'Password confirmation does not match.',
  common: 'This password is too common. Please choose another one.',
} as const;

/** A common-password list of lower-case entries; a `Set<string>` fits. */
export interface CommonPasswords {
  has(candidate: string): boolean;
}

/*
 * Common passwords are dressed up to pass the rules: 'Password1!', 'Qwerty123!', 'P@ssw0rd1'. So,
 * ignoring case, the password is looked up as typed, without the symbols at its ends, and
 * without the digits and symbols at its ends ('password1!' -> 'password1' -> 'password').
 */
const EDGE_SYMBOLS = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;
const EDGE_NON_LETTERS = /^[^\p{L}]+|[^\p{L}]+$/gu;

/** The forms of a password looked up in a common-password list. */
export function commonPasswordForms(password: string): string[] {
  const lower = password.toLowerCase();
  return [...new Set([lower, lower.replace(EDGE_SYMBOLS, ''), lower.replace(EDGE_NON_LETTERS, '')])];
}

export function isCommonPassword(password: string, common: CommonPasswords): boolean {
  return commonPasswordForms(password).some((form) => form !== '' && common.has(form));
}

/**
 * Why the server refuses a new password: the first broken rule (in the on-screen order), then a
 * differing confirmation (when one is sent), then a common password; null when it is fine.
 */
export function passwordProblem(password: string, confirmation: string | undefined, common: CommonPasswords): string | null {
  const check = checkPassword(password, confirmation ?? password);
  const rules = ['minLength', 'uppercase', 'lowercase', 'digit', 'special', 'match'] as const;
  const broken = rules.find((rule) => !check[rule]);
  if (broken) return PASSWORD_PROBLEMS[broken];
  return isCommonPassword(password, common) ? PASSWORD_PROBLEMS.common : null;
}
