import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountMessages } from '../../storefront/src/texts/account-messages';
import { messages } from '../../storefront/src/texts/messages';
import {
  PASSWORD_MIN_LENGTH,
  PASSWORD_PROBLEMS,
  commonPasswordForms,
  isCommonPassword,
  passwordProblem,
  type PasswordCheck,
  SPECIAL_CHARACTERS,
  checkPassword,
  containsPersonalWord,
  isPasswordAcceptable,
  personalWords,
  SHOP_WORDS,
} from './password-policy';

const allTrue: PasswordCheck = { minLength: true, uppercase: true, lowercase: true, digit: true, special: true, match: true };

describe('password policy constants (SPEC section 5)', () => {
  it('are the listed ones, and the on-screen rule names the same set', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(SPECIAL_CHARACTERS).toBe('!@#$%^&*(),.?":{}|<>');
    expect(accountMessages.passwordRules.special).toContain(`(${SPECIAL_CHARACTERS})`);
  });
});

describe('checkPassword', () => {
  it.each([
    { name: 'a good password passes every rule', pw: 'Abcdef1!', confirm: 'Abcdef1!', expected: {} },
    { name: '7 characters is too short', pw: 'Abcde1!', confirm: 'Abcde1!', expected: { minLength: false } },
    { name: 'no uppercase', pw: 'abcdef1!', confirm: 'abcdef1!', expected: { uppercase: false } },
    { name: 'no lowercase', pw: 'ABCDEF1!', confirm: 'ABCDEF1!', expected: { lowercase: false } },
    { name: 'no digit', pw: 'Abcdefg!', confirm: 'Abcdefg!', expected: { digit: false } },
    { name: '0 is a digit', pw: 'Abcdefg0!', confirm: 'Abcdefg0!', expected: {} },
    { name: 'no special', pw: 'Abcdefg1', confirm: 'Abcdefg1', expected: { special: false } },
    {
      name: 'unlisted punctuation is not special',
      pw: "Abcdef1-_+=~[]/\\;'`",
      confirm: "Abcdef1-_+=~[]/\\;'`",
      expected: { special: false },
    },
    { name: 'confirmation differs', pw: 'Abcdef1!', confirm: 'Abcdef1?', expected: { match: false } },
    { name: 'confirmation differs only in case', pw: 'Abcdef1!', confirm: 'abcdef1!', expected: { match: false } },
    {
      name: 'empty password fails everything, even with empty confirmation',
      pw: '',
      confirm: '',
      expected: { minLength: false, uppercase: false, lowercase: false, digit: false, special: false, match: false },
    },
    { name: 'Turkish uppercase counts (İ, Ş)', pw: 'İşşşşş1!', confirm: 'İşşşşş1!', expected: {} },
    { name: 'Turkish lowercase counts (ı)', pw: 'ŞIII1!ıı', confirm: 'ŞIII1!ıı', expected: {} },
    { name: 'non-ASCII digits do not count', pw: 'Abcdef١!', confirm: 'Abcdef١!', expected: { digit: false } },
    { name: 'length counts characters, not UTF-16 units', pw: 'Ab1!😀😀😀', confirm: 'Ab1!😀😀😀', expected: { minLength: false } },
    { name: 'spaces count towards length', pw: 'Ab1! cde', confirm: 'Ab1! cde', expected: {} },
  ])('$name', ({ pw, confirm, expected }) => {
    expect(checkPassword(pw, confirm)).toEqual({ ...allTrue, ...expected });
  });

  it.each([...SPECIAL_CHARACTERS])('%s counts as special', (character) => {
    expect(checkPassword(`Abcdef1${character}`, '').special).toBe(true);
  });
});

describe('isPasswordAcceptable', () => {
  it('accepts only when every rule holds', () => {
    expect(isPasswordAcceptable(allTrue)).toBe(true);
    for (const key of Object.keys(allTrue) as (keyof PasswordCheck)[]) {
      expect(isPasswordAcceptable({ ...allTrue, [key]: false })).toBe(false);
    }
  });

  it('agrees with a direct reading of the rules for any input', () => {
    const alphabet = fc.constantFrom(...'aZ9!-_ İış😀.'.split(''), ...'Aa1#');
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 14 }).map((cs) => cs.join('')),
        fc.boolean(),
        (pw, same) => {
          const confirm = same ? pw : `${pw}x`;
          const check = checkPassword(pw, confirm);
          expect(check.minLength).toBe(Array.from(pw).length >= 8);
          expect(check.digit).toBe(/[0-9]/.test(pw));
          expect(check.special).toBe(Array.from(pw).some((c) => '!@#$%^&*(),.?":{}|<>'.includes(c)));
          expect(check.match).toBe(same && pw !== '');
          expect(isPasswordAcceptable(check)).toBe(Object.values(check).every(Boolean));
        },
      ),
    );
  });
});

describe('letters in any script (D16)', () => {
  it.each([...'ŞİĞÜÖÇ'])('%s is an uppercase letter', (letter) => {
    expect(checkPassword(`${letter}bcdef1!`, '')).toMatchObject({ uppercase: true, lowercase: true });
    expect(checkPassword(`${letter}BCDEF1!`, '').lowercase).toBe(false);
  });

  it.each([...'şığüöç'])('%s is a lowercase letter', (letter) => {
    expect(checkPassword(`A${letter}CDEF1!`, '')).toMatchObject({ uppercase: true, lowercase: true });
    expect(checkPassword(`a${letter}cdef1!`, '').uppercase).toBe(false);
  });

  it('a letter without case (Chinese) is neither upper nor lower case', () => {
    expect(checkPassword('密码密码密码1!', '')).toMatchObject({ minLength: true, uppercase: false, lowercase: false });
  });
});

/** A tiny stand-in list; the server and the fakes hand in zxcvbn-ts's ~49k entries. */
const COMMON = new Set(['password', 'qwerty', 'p@ssw0rd', 'trustno1', 'shopper']);

describe("passwordProblem: the server's and the fakes' refusal (D16)", () => {
  it.each([
    ['Şifre123!', undefined, null],
    ['ŞİFRE123!ğü', 'ŞİFRE123!ğü', null],
    ['Ab1!cde😀', undefined, null],
    ['Ab1!cde', undefined, PASSWORD_PROBLEMS.minLength],
    ['Ab1!cd😀', undefined, PASSWORD_PROBLEMS.minLength],
    ['şifre123!', undefined, PASSWORD_PROBLEMS.uppercase],
    ['ŞİFRE123!', undefined, PASSWORD_PROBLEMS.lowercase],
    ['密码密码Ab1!', undefined, null],
    ['Şifreler!', undefined, PASSWORD_PROBLEMS.digit],
    ['Şifre١٢٣!', undefined, PASSWORD_PROBLEMS.digit],
    ['Şifre123-_', undefined, PASSWORD_PROBLEMS.special],
    ['Şifre123!', 'Şifre123?', PASSWORD_PROBLEMS.match],
    ['Şifre123!', '', PASSWORD_PROBLEMS.match],
    ['', undefined, PASSWORD_PROBLEMS.minLength],
    ['Password1!', undefined, PASSWORD_PROBLEMS.common],
    ['PASSWORd1!', undefined, PASSWORD_PROBLEMS.common],
    ['!1Password', undefined, PASSWORD_PROBLEMS.common],
    ['Qwerty123!', undefined, PASSWORD_PROBLEMS.common],
    ['P@ssw0rd1', undefined, PASSWORD_PROBLEMS.common],
    ['Trustno1!', undefined, PASSWORD_PROBLEMS.common],
    ['Password1!', 'Password2!', PASSWORD_PROBLEMS.match],
    ['Pass!word1', undefined, null],
    ['Str0ng!Pass', undefined, null],
  ])('%s (confirmation %s) -> %s', (password, confirmation, expected) => {
    expect(passwordProblem(password, confirmation, COMMON)).toBe(expected);
  });

  it.each(Object.entries(PASSWORD_PROBLEMS))('the %s message is a sentence', (_rule, message) => {
    expect(message).toMatch(/^[A-Z].*\.$/);
  });

  it('is null exactly when the live marks all turn green and the password is not common', () => {
    const alphabet = fc.constantFrom(...'aZ9!-_ İışŞ😀.', 'password', 'qwerty', '1', 'Store', 'front');
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 10 }).map((cs) => cs.join('')),
        (pw) => {
          const acceptable = isPasswordAcceptable(checkPassword(pw, pw)) && !isCommonPassword(pw, COMMON) && !containsPersonalWord(pw);
          expect(passwordProblem(pw, pw, COMMON) === null).toBe(acceptable);
        },
      ),
    );
  });
});

describe("shop-specific words: the shop's name, the user's names and email (ASVS 6.2.11)", () => {
  const ayse = { userName: 'Ayşe Nur', name: 'Ayşe', surname: 'Yılmaz', email: 'ayse.yilmaz+shop@example.com' };

  it('names the shop as its pages do', () => {
    expect(SHOP_WORDS).toContain(messages.layout.shopName);
  });

  it.each([
    ['Storefront1!', {}, PASSWORD_PROBLEMS.personal],
    ['my-STOREFRONT-9!x', {}, PASSWORD_PROBLEMS.personal],
    ['Yilmaz2024!', ayse, PASSWORD_PROBLEMS.personal],
    ['YILMAZ2024!x', ayse, PASSWORD_PROBLEMS.personal],
    ['X1!ayseyilmazshop', ayse, PASSWORD_PROBLEMS.personal],
    ['Ayse123!x', { name: 'Ayşe Nur' }, PASSWORD_PROBLEMS.personal],
    ['Shop4you!', ayse, null],
    ['9!Aysenur', ayse, PASSWORD_PROBLEMS.personal],
    ['Şükrü1!abc', { name: 'Sukru' }, PASSWORD_PROBLEMS.personal],
    ['Nurhan12!x', ayse, null],
    ['Example123!', ayse, null],
    ['Yilmaz2024!', {}, null],
    ['Kalite9!x', { name: 'Ali', surname: 'Can', email: 'ali@example.com' }, null],
  ])('%s with %j -> %s', (password, context, expected) => {
    expect(passwordProblem(password, undefined, COMMON, context)).toBe(expected);
  });

  it('looks for words of 4 or more letters, folded: user name and email local part whole, names also word by word', () => {
    expect(personalWords(ayse)).toEqual(['storefront', 'ayse nur', 'aysenur', 'ayse.yilmaz+shop', 'ayseyilmazshop', 'ayse', 'yilmaz']);
  });
});

describe('commonPasswordForms', () => {
  it.each([
    ['Password1!', ['password1!', 'password1', 'password']],
    ['!!Qwerty123', ['!!qwerty123', 'qwerty123', 'qwerty']],
    ['Str0ng!Pass', ['str0ng!pass']],
    ['1234!', ['1234!', '1234', '']],
  ])('%s is looked up as %j', (password, forms) => {
    expect(commonPasswordForms(password)).toEqual(forms);
  });

  it('an empty form never counts as common', () => {
    expect(isCommonPassword('!!!', new Set(['']))).toBe(false);
  });
});
