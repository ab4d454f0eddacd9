import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import {
  PASSWORD_MIN_LENGTH,
  type PasswordCheck,
  SPECIAL_CHARACTERS,
  checkPassword,
  isPasswordAcceptable,
} from './password-policy';

const allTrue: PasswordCheck = { minLength: true, uppercase: true, lowercase: true, digit: true, special: true, match: true };

describe('password policy constants (SPEC section 5)', () => {
  it('are the listed ones, and the on-screen rule names the same set', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(SPECIAL_CHARACTERS).toBe('!@#$%^&*(),.?":{}|<>');
    expect(messages.passwordRules.special).toContain(`(${SPECIAL_CHARACTERS})`);
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
    { name: 'unlisted punctuation is not special', pw: 'Abcdef1-_+=~[]/\\;\'`', confirm: 'Abcdef1-_+=~[]/\\;\'`', expected: { special: false } },
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
      fc.property(fc.array(alphabet, { maxLength: 14 }).map((cs) => cs.join('')), fc.boolean(), (pw, same) => {
        const confirm = same ? pw : `${pw}x`;
        const check = checkPassword(pw, confirm);
        expect(check.minLength).toBe(Array.from(pw).length >= 8);
        expect(check.digit).toBe(/[0-9]/.test(pw));
        expect(check.special).toBe(Array.from(pw).some((c) => '!@#$%^&*(),.?":{}|<>'.includes(c)));
        expect(check.match).toBe(same && pw !== '');
        expect(isPasswordAcceptable(check)).toBe(Object.values(check).every(Boolean));
      }),
    );
  });
});
