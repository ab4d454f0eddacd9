import { describe, expect, it } from 'vitest';
import { PASSWORD_PROBLEMS } from '@shop/core/domain/password-policy';
import { passwordProblem } from './password-rules';

describe('the server password rule with the zxcvbn-ts common-password list (D16)', () => {
  it.each(['Password1!', 'Qwerty123!', 'P@ssw0rd1', 'Trustno1!', 'Shopper#2024', '!Letmein1'])('refuses %s as too common', (password) => {
    expect(passwordProblem(password)).toBe(PASSWORD_PROBLEMS.common);
  });

  // The passwords the server, contract and e2e suites sign up and change to must stay acceptable.
  it.each([
    'Str0ng!Pass',
    'N3w!Password',
    'An0ther!Pass',
    'Şifre123!',
    'ŞİFRE123!ğü',
    'Current#Pass1',
    'Changed#Pass2',
    'Renewed#Pass3',
    'Address#Pass1',
    'Owner#Pass1',
    'Profile#Pass1',
    'Login#Pass1',
    'Forgotten#Pass1',
    'Forgetful#Pass1',
    'Verified#2024',
    'Shopper#Blue24',
    'Changed#Blue25',
    'Abcdefg1!Mavi',
  ])('accepts %s', (password) => {
    expect(passwordProblem(password, password)).toBeNull();
  });

  it('keeps the signature the routes use: the confirmation is optional', () => {
    expect(passwordProblem('Str0ng!Pass')).toBeNull();
    expect(passwordProblem('Str0ng!Pass', 'Str0ng!Pas')).toBe(PASSWORD_PROBLEMS.match);
  });
});
