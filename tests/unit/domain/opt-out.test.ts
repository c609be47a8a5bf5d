import { describe, expect, it } from 'vitest';
import {
  isStopText,
  optedOutAmong,
  optedOutPreview,
  optOutNumber,
  withOptOutLink,
  OPT_OUT_CODE_LENGTH,
} from '../../../src/domain/numbers/opt-out';
import { sendCost } from '../../../src/domain/send/send-cost';
import { buildSendItems, type SendDraft } from '../../../src/domain/send/send-items';

const draft: SendDraft = {
  messageType: 'quick',
  subtype: 'regular',
  source: 'manual',
  senderId: 'DEMO',
  campaign: '',
  text: 'A'.repeat(150),
  date: null,
  recurringPeriod: 'Hourly',
  recurringInterval: null,
};

describe('opt-outs in the app', () => {
  it('keeps numbers canonical and refuses what is not a phone number', () => {
    expect(optOutNumber('0244 000 001')).toBe('233244000001');
    expect(optOutNumber('+233 24-400-0001')).toBe('233244000001');
    expect(optOutNumber('12')).toBeNull();
    expect(optOutNumber('call me')).toBeNull();
    expect(optOutNumber('1234567890123456')).toBeNull();
  });

  it('finds the recipients on the stored list, however written, each once', () => {
    const list = new Set(['233244000001', '233244000003']);
    expect(optedOutAmong(['0244000001', '+233244000001', '233244000002', '0244 000 003', ''], list)).toEqual([
      '233244000001',
      '233244000003',
    ]);
    expect(optedOutAmong(['0244000001'], new Set())).toEqual([]);
  });

  it('says how many will be skipped', () => {
    expect(optedOutPreview(3)).toBe('3 recipients have opted out and will be skipped');
    expect(optedOutPreview(1)).toBe('1 recipient has opted out and will be skipped');
    expect(optedOutPreview(12000)).toBe('12,000 recipients have opted out and will be skipped');
  });

  it('counts the opt-out link in the parts when the send asks for one', () => {
    expect(withOptOutLink('Hi', 'acme.example')).toBe(
      `Hi\nOpt out: https://acme.example/o/${'X'.repeat(OPT_OUT_CODE_LENGTH)}`,
    );
    const plain = buildSendItems(draft, [{ number: '0244000001' }, { number: '0244000002' }], new Date());
    expect(plain[0]!.optOutLink).toBeUndefined();
    expect(sendCost(plain, 'acme.example').credits).toBe(2);
    const linked = buildSendItems(
      { ...draft, optOutLink: true },
      [{ number: '0244000001' }, { number: '0244000002' }],
      new Date(),
    );
    expect(linked[0]!.optOutLink).toBe(true);
    expect(sendCost(linked).credits).toBe(2);
    // 150 characters and the link's line take two parts each.
    expect(sendCost(linked, 'acme.example').credits).toBe(4);
  });

  it('knows the stop words', () => {
    expect(['STOP', 'stop all', ' Opt Out '].every(isStopText)).toBe(true);
    expect(['stopped', 'no'].some(isStopText)).toBe(false);
  });
});
