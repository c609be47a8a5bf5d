import { describe, expect, it } from 'vitest';
import { displayPhone, phoneSearchForms } from '../../../src/domain/numbers/phone-number';
import { checkPhoneNumber, repeatedNumbers, screenNumbers } from '../../../src/domain/numbers/number-screen';
import { NUMBER_REASONS } from '../../../src/domain/contacts/sheet-number';
import { matchesSearch } from '../../../src/domain/search';
import { searchIndices } from '../../../src/domain/contacts/phonebook';
import { domainSenderIdHelp } from '../../../src/domain/messages/sender-id';

describe('displayPhone: one local form on every screen', () => {
  it.each([
    ['233241234567', '024 123 4567'],
    ['0241234567', '024 123 4567'],
    ['+233 24 123 4567', '024 123 4567'],
    ['00233241234567', '024 123 4567'],
    ['447700900123', '+44 7700900123'],
    ['+1 415 555 0100', '+1 4155550100'],
    ['2348031234567', '+234 8031234567'],
    ['12345', '12345'],
    ['', ''],
    ['not a number', 'not a number'],
  ])('%s is shown as %s', (stored, shown) => {
    expect(displayPhone(stored)).toBe(shown);
  });
});

describe('phoneSearchForms: a number typed one way finds it stored or shown another', () => {
  it('a local number also searches its canonical and its shown forms', () => {
    expect(phoneSearchForms('0241234567')).toEqual(['233241234567', '024 123 4567']);
    expect(phoneSearchForms('024 123')).toEqual(['024123', '23324123']);
    expect(phoneSearchForms('+233 24 123')).toEqual(['23324123']);
    expect(phoneSearchForms('00233241')).toEqual(['233241']);
  });
  it('a search that is not digits, or too short, adds nothing', () => {
    expect(phoneSearchForms('Kofi')).toEqual([]);
    expect(phoneSearchForms('02')).toEqual([]);
    expect(phoneSearchForms('233241')).toEqual([]);
  });
});

describe('screenNumbers: canonical, checked and de-duplicated before a send is priced', () => {
  it('keeps two forms of one number once in a regular send', () => {
    const { kept, setAside, duplicates } = screenNumbers(
      [{ number: '0241234567' }, { number: '233241234567' }, { number: '+233 24 123 4568' }],
      false,
    );
    expect(kept.map((r) => r.number)).toEqual(['233241234567', '233241234568']);
    expect(setAside).toEqual([]);
    expect(duplicates).toBe(1);
  });
  it('keeps every row of a personalized send, repeats included', () => {
    const { kept, duplicates } = screenNumbers([{ number: '0241234567' }, { number: '233241234567' }], true);
    expect(kept.map((r) => r.number)).toEqual(['233241234567', '233241234567']);
    expect(duplicates).toBe(0);
    expect(repeatedNumbers(kept.map((r) => r.number))).toEqual(['233241234567']);
  });
  it('sets aside what is not a phone number, with its place and the spreadsheet reason', () => {
    const { kept, setAside } = screenNumbers(
      [{ number: '0241234567' }, { number: '12345' }, { number: '02412x4567' }],
      false,
    );
    expect(kept).toHaveLength(1);
    expect(setAside).toEqual([
      { row: 2, value: '12345', reason: NUMBER_REASONS.tooShort },
      { row: 3, value: '02412x4567', reason: NUMBER_REASONS.letters },
    ]);
  });
  it('checkPhoneNumber answers the canonical form', () => {
    expect(checkPhoneNumber(' 024-123-4567 ')).toEqual({ ok: true, number: '233241234567' });
    expect(checkPhoneNumber('')).toEqual({ ok: false, reason: NUMBER_REASONS.missing });
  });
});

describe('list searches find a number however it is typed', () => {
  it('matchesSearch and searchIndices find 233… stored when 024… is typed', () => {
    expect(matchesSearch({ mobilenumber: '233241234567' }, '0241234567')).toBe(true);
    expect(matchesSearch({ mobilenumber: '233241234567' }, '024 123 4567')).toBe(true);
    expect(matchesSearch({ mobilenumber: '233241234567' }, '0241234568')).toBe(false);
    expect(searchIndices(['kofi\n233241234567', 'ama\n233201111111'], '0241234')).toEqual([0]);
  });
});

describe("the reseller settings' sender ID help", () => {
  it("says it must be one of the account's approved sender IDs, and names them", () => {
    expect(domainSenderIdHelp(['ACME', 'TEST'])).toBe(
      "Your platform's texts (codes) go out under it. It must be one of your account's approved sender IDs: ACME",
    );
    expect(domainSenderIdHelp(['TEST'])).toContain(
      "must be one of your account's approved sender IDs (you have none yet",
    );
  });
});
