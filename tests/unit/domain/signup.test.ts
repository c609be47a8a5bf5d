import { describe, expect, it } from 'vitest';
import {
  DOMAIN_NOT_LOADED,
  canRegister,
  isCodeComplete,
  resetFieldError,
  signupFieldError,
  type SignupForm,
} from '../../../src/domain/account/signup';

describe('signupFieldError', () => {
  it.each([
    ['username', '', 'Username must be 5 or more characters'],
    ['username', '     ', 'Username must be 5 or more characters'],
    ['username', 'abcd', 'Username must be 5 or more characters'],
    ['username', 'abcde', null],
    ['email', '', 'Invalid Email'],
    ['email', 'user@', 'Invalid Email'],
    ['email', 'user@example', 'Invalid Email'],
    ['email', 'us er@example.com', 'Invalid Email'],
    ['email', 'user@example.com', null],
    // Written as every number field takes it (docs/product.md#phone-numbers): spaces, dashes, +233.
    ['mobile', '024-123-4567', null],
    ['mobile', '0244 556 677', null],
    ['mobile', '+233 24-455-6677', null],
    ['mobile', '(024) 455.6677', null],
    ['mobile', '024 12 34', 'Mobile numbers not complete'],
    ['mobile', '0244 556 677 0123 4567', 'Mobile numbers must be at most 15 digits'],
    ['mobile', '0244556677/0244556678', 'Mobile numbers must be only numbers'],
    ['mobile', '233+241234567', 'Mobile numbers must be only numbers'],
    ['mobile', 'abc', 'Mobile numbers must be only numbers'],
    ['mobile', '', 'Mobile numbers not complete'],
    ['mobile', '02412345', 'Mobile numbers not complete'],
    ['mobile', '+2332412', 'Mobile numbers not complete'],
    ['mobile', '024123456', null],
    ['mobile', '+233241234567', null],
    ['password', '', 'Password must be more six characters'],
    ['password', '12345', 'Password must be more six characters'],
    ['password', '123456', null],
  ] as const)('%s %j -> %s', (field, value, expected) => {
    expect(signupFieldError(field, value)).toBe(expected);
  });

  it.each([
    ['secret1', 'secret1', null],
    ['secret1', 'secret2', 'Passwords do not match'],
    ['', 'secret1', 'Passwords do not match'],
  ])('confirm %j against %j -> %s', (confirm, password, expected) => {
    expect(signupFieldError('confirm', confirm, password)).toBe(expected);
  });
});

describe('resetFieldError', () => {
  it.each([
    ['email', 'bad', undefined, 'Please enter a valid email'],
    ['email', 'a@b.co', undefined, null],
    // The reset dialog takes an e-mail or a username, as login does; a value with '@' is an e-mail.
    ['login', 'demouser', undefined, null],
    ['login', 'a@b.co', undefined, null],
    ['login', 'bad@', undefined, 'Please enter a valid email'],
    ['login', '  ', undefined, 'Please enter your email or username'],
    ['password', '12345', undefined, 'Password must be more than six characters'],
    ['password', '123456', undefined, null],
    ['confirm', 'abcdef', 'abcdeg', 'Please ensure passwords the are same'],
    ['confirm', 'abcdef', 'abcdef', null],
    ['code', '', undefined, 'Please enter code sent to your phone'],
    ['code', '   ', undefined, 'Please enter code sent to your phone'],
    ['code', '1234', undefined, null],
  ] as const)('%s %j -> %s', (field, value, password, expected) => {
    expect(resetFieldError(field, value, password)).toBe(expected);
  });

  it('keeps the login wait text exact', () => {
    expect(DOMAIN_NOT_LOADED).toBe('Please wait for while and try again');
  });
});

describe('canRegister', () => {
  const valid: SignupForm = {
    username: 'kofi1',
    email: 'kofi@example.com',
    mobile: '',
    password: 'secret',
    confirm: 'secret',
  };

  it.each<[string, Partial<SignupForm>, boolean]>([
    ['all required filled, no phone', {}, true],
    ['valid phone', { mobile: '0241234567' }, true],
    ['bad phone', { mobile: '024x' }, false],
    ['empty username', { username: '' }, false],
    ['whitespace email', { email: '  ' }, false],
    ['empty confirm', { confirm: '' }, false],
    ['short username', { username: 'kofi' }, false],
    ['mismatch', { confirm: 'secreT' }, false],
  ])('%s -> %s', (_, change, expected) => {
    expect(canRegister({ ...valid, ...change })).toBe(expected);
  });

  it('stays disabled while an existence warning shows', () => {
    expect(canRegister(valid, ['Username already exists'])).toBe(false);
    expect(canRegister(valid, [null, undefined, ''])).toBe(true);
  });
});

describe('isCodeComplete', () => {
  it.each([
    ['1234', true],
    [' 1234 ', true],
    ['123', false],
    ['12345', false],
    ['12a4', false],
    ['', false],
  ])('%j -> %s', (code, expected) => {
    expect(isCodeComplete(code)).toBe(expected);
  });
});
