import { describe, expect, it } from 'vitest';
import { shortBrandName } from '../../../src/domain/brand/brand';

describe('shortBrandName', () => {
  it.each([
    ['Acme SMS', 'Acme SMS'],
    ['Bulk SMS Ghana', 'Bulk SMS'],
    ['  Kumasi Traders Union ', 'Kumasi'],
    ['Supercalifragilistic SMS', 'Supercalifra'],
    ['Twelve Chars', 'Twelve Chars'],
  ])('%s is %s: whole words within 12 characters', (name, short) => {
    expect(shortBrandName(name)).toBe(short);
  });
});
