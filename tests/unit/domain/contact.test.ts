import { describe, expect, it } from 'vitest';
import {
  contactEmailError,
  creditByAmountError,
  creditByRateError,
  findBeneficiary,
} from '../../../src/domain/contacts/contact';
import { isEmailAddress, isNumericText } from '../../../src/domain/fields';

describe('contactEmailError', () => {
  it.each([
    ['', null],
    ['   ', null],
    ['ama@example.com', null],
    ['ama@example', 'Please enter a valid email address'],
    ['ama example.com', 'Please enter a valid email address'],
  ])('%j -> %s', (email, expected) => {
    expect(contactEmailError(email)).toBe(expected);
  });
});

describe('credit giving', () => {
  it.each([
    ['100', null],
    ['12.5', null],
    ['', 'Amount must be a number'],
    ['  ', 'Amount must be a number'],
    ['ten', 'Amount must be a number'],
    ['1,000', 'Amount must be a number'],
  ])('amount %j -> %s', (amount, expected) => {
    expect(creditByAmountError(amount)).toBe(expected);
  });

  it.each([
    ['100', '0.025', null],
    ['100', 'x', 'Rate must be a number'],
    ['x', 'x', 'Rate must be a number'],
    ['x', '0.025', 'Amount must be a number'],
    ['100', '', 'Rate must be a number'],
  ])('amount %j rate %j -> %s', (amount, rate, expected) => {
    expect(creditByRateError(amount, rate)).toBe(expected);
  });

  const users = [
    { username: 'ama', email: 'ama@example.com', id: 1 },
    { username: 'kofi', email: 'kofi@example.com', id: 2 },
  ];

  it.each([
    ['ama', 1],
    [' kofi@example.com ', 2],
    ['Ama', null],
    ['am', null],
    ['', null],
  ])('beneficiary %j -> %s', (query, id) => {
    expect(findBeneficiary(users, query)?.id ?? null).toBe(id);
  });
});

describe('field checks', () => {
  it.each<[string | number, boolean]>([
    ['0', true],
    ['12.50', true],
    ['.5', true],
    ['5.', true],
    ['-3', true],
    [' 7 ', true],
    [12, true],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
    ['', false],
    ['1e3', false],
    ['0x10', false],
    ['1,000', false],
    ['١٢', false],
  ])('%j numeric: %s', (value, expected) => {
    expect(isNumericText(value)).toBe(expected);
  });

  it.each([
    ['a@b.co', true],
    [' a@b.co ', true],
    ['a@b', false],
    ['@b.co', false],
    ['a b@c.co', false],
  ])('%j is an e-mail: %s', (value, expected) => {
    expect(isEmailAddress(value)).toBe(expected);
  });
});
