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
  personal: "Password must not contain the shop's name, your name or your email address.",
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
 * The shop's own name (the one its pages show, `messages.layout.shopName`; the domain reads no
 * texts, so a test keeps the two equal): the first word a guesser tries on a shop's accounts.
 */
export const SHOP_WORDS: readonly string[] = ['Storefront'];

/** What a password of this user must not contain besides the shop's words (ASVS 6.2.11). */
export interface PasswordContext {
  userName?: string | undefined;
  name?: string | undefined;
  surname?: string | undefined;
  email?: string | undefined;
}

/** Shorter words are not looked for: 'Ali' or 'Can' would refuse 'Kalite9!' or 'Cancel9!'. */
export const PERSONAL_WORD_MIN_LENGTH = 4;

/** Compared without case or accents, Turkish dotless ı as i: 'Şükrü' is found in 'SUKRU1!x'. */
function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/ı/g, 'i');
}

/**
 * The words looked for: the shop's; the user name and the email's local part, each whole (with and
 * without its separators: 'ayse.yilmaz' and 'ayseyilmaz'), not cut into parts, which would refuse
 * a 'login.shopper' every password with 'login'; the first and last name whole and word by word.
 */
export function personalWords(context: PasswordContext): string[] {
  const names = [context.name ?? '', context.surname ?? ''].flatMap((name) => [name, ...name.split(/\s+/u)]);
  const phrases = [...SHOP_WORDS, context.userName ?? '', context.email?.split('@')[0] ?? '', ...names];
  const words = phrases.flatMap((phrase) => {
    const folded = fold(phrase).trim();
    return [folded, folded.replace(/[^\p{L}\p{N}]+/gu, '')];
  });
  return [...new Set(words)].filter((word) => [...word].length >= PERSONAL_WORD_MIN_LENGTH);
}

export function containsPersonalWord(password: string, context: PasswordContext = {}): boolean {
  const folded = fold(password);
  return personalWords(context).some((word) => folded.includes(word));
}

/**
 * Why the server refuses a new password: the first broken rule (in the on-screen order), then a
 * differing confirmation (when one is sent), then a common password, then the shop's name or the
 * user's own names and email (`context`, as far as the caller knows them); null when it is fine.
 */
export function passwordProblem(
  password: string,
  confirmation: string | undefined,
  common: CommonPasswords,
  context: PasswordContext = {},
): string | null {
  const check = checkPassword(password, confirmation ?? password);
  const rules = ['minLength', 'uppercase', 'lowercase', 'digit', 'special', 'match'] as const;
  const broken = rules.find((rule) => !check[rule]);
  if (broken) return PASSWORD_PROBLEMS[broken];
  if (isCommonPassword(password, common)) return PASSWORD_PROBLEMS.common;
  return containsPersonalWord(password, context) ? PASSWORD_PROBLEMS.personal : null;
}
