import { describe, expect, it } from 'vitest';
import {
  TOO_MANY_RECIPIENTS_WARNING,
  parseManualNumbers,
  recipientCountWarning,
  splitDestinations,
} from '../../../src/domain/send/recipients';

describe('parseManualNumbers', () => {
  it.each([
    ['', false, []],
    ['   \n\t  ', false, []],
    [',,,', false, []],
    ['0241234567', false, ['0241234567']],
    ['0241234567,0201234567', false, ['0241234567', '0201234567']],
    ['0241234567/0201234567', false, ['0241234567', '0201234567']],
    ['0241234567\n0201234567', false, ['0241234567', '0201234567']],
    ['0241234567\r\n0201234567\r\n', false, ['0241234567', '0201234567']],
    ['024 123 4567', false, ['0241234567']],
    [' 0241234567 ,\t0201234567 / 0551234567\n0241234567', false, ['0241234567', '0201234567', '0551234567']],
    ['0241234567,0241234567,0241234567', false, ['0241234567']],
    ['+233241234567\n\n\n//0241234567', false, ['+233241234567', '0241234567']],
  ])('%j (personalized %s) -> %j', (input, personalized, expected) => {
    expect(parseManualNumbers(input, personalized)).toEqual(expected);
  });

  it('keeps duplicates for personalized sends, in order', () => {
    expect(parseManualNumbers('0241234567/0201234567\n0241234567', true)).toEqual([
      '0241234567',
      '0201234567',
      '0241234567',
    ]);
  });

  it('keeps the first occurrence order when dropping duplicates', () => {
    expect(parseManualNumbers('3,1,2,1,3', false)).toEqual(['3', '1', '2']);
  });
});

describe('recipientCountWarning', () => {
  it.each([
    [0, null],
    [100_000, null],
    [100_001, TOO_MANY_RECIPIENTS_WARNING],
  ])('%d recipients -> %s', (count, expected) => {
    expect(recipientCountWarning(count)).toBe(expected);
  });
});

describe('splitDestinations', () => {
  it('trims and drops empty entries of a comma list', () => {
    expect(splitDestinations(' 024 , ,025,')).toEqual(['024', '025']);
    expect(splitDestinations('')).toEqual([]);
  });
});
