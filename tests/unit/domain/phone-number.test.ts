import { describe, expect, it } from 'vitest';
import { canonicalPhone, isGhanaNumber } from '../../../src/domain/numbers/phone-number';

describe('canonicalPhone and isGhanaNumber', () => {
  it.each([
    ['0244000001', '233244000001', true],
    ['0244 000 001', '233244000001', true],
    ['+233 24-400-0001', '233244000001', true],
    ['00233244000001', '233244000001', true],
    ['233244000001', '233244000001', true],
    ['244000001', '233244000001', true],
    ['(024) 400.0001', '233244000001', true],
    ['+447700900123', '447700900123', false],
    ['00447700900123', '447700900123', false],
    ['+1 415 555 0100', '14155550100', false],
    ['447700900123', '447700900123', false],
  ])('%s -> %s (Ghana: %s)', (text, canonical, ghana) => {
    expect(canonicalPhone(text)).toBe(canonical);
    expect(isGhanaNumber(text)).toBe(ghana);
  });
});
