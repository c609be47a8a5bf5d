import { describe, expect, it } from 'vitest';
import { creditsError, moneyError, rateError } from '../../../src/domain/money/money';

describe('money rules', () => {
  it.each([
    ['20', null],
    ['20.50', null],
    [20.5, null],
    [0.1 + 0.2, 'Amount can have at most two decimals'],
    ['1000000', null],
    ['1000000.01', 'Amount must be at most 1,000,000'],
    [Infinity, 'Amount must be a number'],
    [Number.NaN, 'Amount must be a number'],
    ['1e3', 'Amount must be a number'],
    ['', 'Amount must be a number'],
    ['0', 'Amount must be greater than zero'],
    ['-0.01', 'Amount must be greater than zero'],
    ['3.141', 'Amount can have at most two decimals'],
  ])('moneyError(%j) = %j', (value, message) => {
    expect(moneyError(value)).toBe(message);
  });

  it.each([
    ['250', null],
    [250, null],
    ['2.5', 'Credits are given in whole numbers'],
    [1e30, 'Amount must be at most 100,000,000'],
    ['abc', 'Amount must be a number'],
  ])('creditsError(%j) = %j', (value, message) => {
    expect(creditsError(value)).toBe(message);
  });

  it.each([
    ['0.0218', null],
    [0.00000001, null],
    ['0', 'Rate must be greater than zero'],
    ['101', 'Rate must be at most 100'],
    ['x', 'Rate must be a number'],
  ])('rateError(%j) = %j', (value, message) => {
    expect(rateError(value)).toBe(message);
  });
});
