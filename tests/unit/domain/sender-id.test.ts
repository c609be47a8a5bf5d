import { describe, expect, it } from 'vitest';
import {
  NO_SENDER_ID,
  SENDER_ID_NUMBERS_ONLY,
  TEST_SENDER_BODY,
  messageBodyFor,
  preselectedSenderId,
  senderIdTooLong,
  splitSenderIds,
  updatesBalanceAfterSend,
  senderIdCharacters,
  validateSenderIdRequest,
  testSenderProblem,
  testSenderOwnNumberOnly,
} from '../../../src/domain/messages/sender-id';

describe('validateSenderIdRequest', () => {
  it.each([
    ['', { ok: false, message: 'No senderId provided' }],
    ['   ', { ok: false, message: NO_SENDER_ID }],
    [' , ,', { ok: false, message: NO_SENDER_ID }],
    [
      'ABCDEFGHIJKL',
      {
        ok: false,
        message: 'Each senderId must have a maximum character length of eleven(11), please check ABCDEFGHIJKL',
      },
    ],
    ['OK, TOOLONGSENDER', { ok: false, message: senderIdTooLong('TOOLONGSENDER') }],
    ['12345', { ok: false, message: 'Sorry we dont accept numbers only as sender ids' }],
    ['SHOP,0244', { ok: false, message: SENDER_ID_NUMBERS_ONLY }],
    ['ABCDEFGHIJK', { ok: true, ids: ['ABCDEFGHIJK'] }],
    [' SHOP , Promo1 ,SHOP,', { ok: true, ids: ['SHOP', 'Promo1'] }],
    ['My Shop', { ok: true, ids: ['My Shop'] }],
    ['A&B Co.', { ok: true, ids: ['A&B Co.'] }],
    // Only what carriers accept; a lone surrogate or markup never becomes a sender.
    ['AB\ud800C', { ok: false, message: senderIdCharacters('AB\ud800C') }],
    ['<b>SHOP</b>', { ok: false, message: senderIdCharacters('<b>SHOP</b>') }],
    [
      'Café',
      { ok: false, message: 'Sender IDs may only use letters, digits, spaces and . - _ & + !, please check Café' },
    ],
  ])('%j -> %j', (input, expected) => {
    expect(validateSenderIdRequest(input)).toEqual(expected);
  });

  it('reports the first offending id in the order typed', () => {
    expect(validateSenderIdRequest('123,WAYTOOLONGNAME')).toEqual({ ok: false, message: SENDER_ID_NUMBERS_ONLY });
  });
});

describe('sender id rules', () => {
  it('splits the comma text of user info', () => {
    expect(splitSenderIds('DEMO,ALERTS, DEMO,')).toEqual(['DEMO', 'ALERTS']);
    expect(splitSenderIds('')).toEqual([]);
  });

  it('replaces the body of TEST sends only', () => {
    expect(messageBodyFor('TEST', 'hello')).toBe(TEST_SENDER_BODY);
    expect(TEST_SENDER_BODY).toBe(
      'Thank you for choosing us, kindly apply for your customized sender ID(s) from the profile page so your actual message will be delivered',
    );
    expect(messageBodyFor('DEMO', 'hello')).toBe('hello');
    expect(messageBodyFor('test', 'hello')).toBe('hello');
  });

  it.each([
    [['DEMO'], true],
    [['rccg'], false],
    [['RCCGAccra'], false],
    [['DEMO', 'myrccg'], false],
    [[], true],
  ])('balance update for %j is %s', (ids, expected) => {
    expect(updatesBalanceAfterSend(ids)).toBe(expected);
  });

  it('preselects only a single approved id', () => {
    expect(preselectedSenderId(['DEMO'])).toBe('DEMO');
    expect(preselectedSenderId(['DEMO', 'ALERTS'])).toBe('');
    expect(preselectedSenderId([])).toBe('');
  });
});

describe('testSenderProblem', () => {
  const own = '+233 24 123 4567';
  it("lets 'TEST' reach the account's own number, however either is written", () => {
    expect(testSenderProblem('TEST', own, ['0241234567', '233241234567', '00233241234567'])).toBeNull();
  });
  it("refuses 'TEST' to any other number, naming the rule and the own number", () => {
    expect(testSenderProblem('TEST', own, ['0241234567', '0241000001'])).toBe(testSenderOwnNumberOnly(own));
    expect(testSenderOwnNumberOnly(own)).toContain('only to your own number (024 123 4567)');
  });
  it('refuses every number when the profile has no phone, and leaves other senders alone', () => {
    expect(testSenderProblem('TEST', '', ['0241234567'])).toBe(testSenderOwnNumberOnly(''));
    expect(testSenderProblem('DEMO', own, ['0241000001'])).toBeNull();
  });
});
