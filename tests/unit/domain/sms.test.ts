import { describe, expect, it } from 'vitest';
import {
  countSms,
  needsUnicode,
  smsLength,
  smsPartLimit,
  smsParts,
  smsPartsLabel,
} from '../../../src/domain/messages/sms';

describe('smsParts', () => {
  // Every boundary (docs/product.md#parts-and-encodings) at its edge and one past it.
  it.each([
    [0, 1],
    [1, 1],
    [160, 1],
    [161, 2],
    [306, 2],
    [307, 3],
    [459, 3],
    [460, 4],
    [612, 4],
    [613, 5],
    [765, 5],
    [766, 6],
    [918, 6],
    [919, 7],
    [1071, 7],
    [1072, 8],
    [1224, 8],
    [1225, 9],
    [1377, 9],
    [1378, 10],
    [100_000, 10],
    [Number.NaN, 10],
  ])('%d characters are %d part(s)', (length, parts) => {
    expect(smsParts(length)).toBe(parts);
  });

  it('labels 10 parts as out of range and others by number', () => {
    expect(smsPartsLabel(10)).toBe('out of range');
    expect(smsPartsLabel(9)).toBe('9');
    expect(smsPartsLabel(1)).toBe('1');
  });

  it.each([
    [1, 160],
    [2, 306],
    [3, 459],
    [9, 1377],
  ])('part count %d holds up to %d', (parts, limit) => {
    expect(smsPartLimit(parts)).toBe(limit);
    expect(smsParts(limit)).toBe(parts);
  });
});

describe('needsUnicode', () => {
  it.each([
    ['', false],
    ['   ', false],
    ['Hello, your code is 1234!', false],
    ['Prices from £5 or ¥100 @ 50% off', false],
    ['GSM accents: é è ù ì ò Ç Ø ø Å å Ä Ö Ñ Ü ä ö ñ ü à É Æ æ ß', false],
    ['¡Hola! ¿Qué tal?', false],
    ['braces {} and brackets [] stay GSM', false],
    ['café', false],
    ['Ghana ₵ cedi', true],
    ['Euro €', true],
    ['Smile 😀', true],
    ['Ελλάδα', true],
    ['中文', true],
    ['‘curly’', true],
  ])('%j -> %s', (text, expected) => {
    expect(needsUnicode(text)).toBe(expected);
  });

  it.each([...'áíóúâêîôûëïãõçÀÁÂÃÈÊËÌÍÎÏÒÓÔÕÙÚÛÝýÿðÐþÞ'])('accented %s lacks a GSM code so needs unicode', (char) => {
    expect(needsUnicode(`a${char}b`)).toBe(true);
  });

  it('leaves Latin-1 symbols that are not letters to GSM, as the contract names letters only', () => {
    expect(needsUnicode('© 20° ×÷')).toBe(false);
  });
});

describe('smsLength', () => {
  it.each([
    ['', false, 0],
    ['hello', false, 5],
    ['a'.repeat(160), false, 160],
    ['{}', false, 4],
    ['[x]~^|\\', false, 13],
    ['€', false, 2],
    ['é', false, 1],
  ])('GSM %j (unicode %s) counts %d septets', (text, unicode, length) => {
    expect(smsLength(text, unicode)).toBe(length);
  });

  it.each([
    ['', 60],
    ['a', 62],
    ['₵', 62],
    ['😀', 64],
    ['👍🏽', 68],
    ['a'.repeat(50), 160],
    ['a'.repeat(51), 162],
  ])('unicode %j is UCS-2 bytes + 60 = %d', (text, length) => {
    expect(smsLength(text, true)).toBe(length);
  });

  it('makes 50 unicode characters one part and 51 two', () => {
    expect(smsParts(smsLength('é'.repeat(50), true))).toBe(1);
    expect(smsParts(smsLength('é'.repeat(51), true))).toBe(2);
  });
});

describe('countSms', () => {
  it('switches to unicode for an emoji and counts its surrogate pair', () => {
    expect(countSms('Hi 😀')).toEqual({ unicode: true, length: 70, parts: 1, label: '1' });
  });

  it('stays GSM for plain text over one part', () => {
    expect(countSms('x'.repeat(161))).toEqual({ unicode: false, length: 161, parts: 2, label: '2' });
  });

  it('reports an over-long text as out of range', () => {
    expect(countSms('x'.repeat(1378)).label).toBe('out of range');
  });
});
