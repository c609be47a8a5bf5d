// Short links' rules the app and the gateway share (docs/product.md#short-links): which web addresses a
// text has, which may be shortened, the text with its short links, what the send costs with them, the
// export's and the rows' words for clicks.
import { describe, expect, it } from 'vitest';
import {
  linksIn,
  longUrlProblem,
  MAX_LONG_URL,
  SHORT_CODE_LENGTH,
  shortenedText,
} from '../../../src/domain/links/short-links';
import { clickedText, clickRateText } from '../../../src/domain/links/click-words';
import { sendCost } from '../../../src/domain/send/send-cost';
import { statusReportTable } from '../../../src/domain/messages/status-report-rows';
import type { SendItem } from '../../../src/domain/types';

describe('short links', () => {
  it('finds http and https addresses, leaving out the sentence punctuation after them', () => {
    expect(linksIn('Shop: https://a.example/x?y=1. Or http://b.example/(z), then stop')).toEqual([
      'https://a.example/x?y=1',
      'http://b.example/(z)',
    ]);
    expect(linksIn('No link, www.example.com is not one, nor ftp://x.example')).toEqual([]);
  });

  it('refuses what is not an http or https address with a host, or is too long', () => {
    expect(longUrlProblem('https://example.com/a')).toBeNull();
    expect(longUrlProblem('http://exa%mple.com')).toBe('The link http://exa%mple.com is not a valid web address');
    expect(longUrlProblem(`https://example.com/${'a'.repeat(MAX_LONG_URL)}`)).toContain('is longer than');
    expect(longUrlProblem('javascript:alert(1)')).toContain('only http:// and https:// links');
    expect(longUrlProblem('https://u:p@example.com/')).toContain('no user name or password');
  });

  it('replaces each address with a short link on the host, stand-ins of the same length for the counter', () => {
    const codes = ['Ab3dE5g', 'Zz9yY8x'];
    expect(shortenedText('A https://a.example/long/path. B http://b.example', 'acme.com', (i) => codes[i]!)).toBe(
      'A https://acme.com/l/Ab3dE5g. B https://acme.com/l/Zz9yY8x',
    );
    const standIn = shortenedText('Go https://a.example/very/long/path/indeed', 'acme.com');
    expect(standIn).toBe(`Go https://acme.com/l/${'X'.repeat(SHORT_CODE_LENGTH)}`);
  });

  it('prices a send with its short links, not its long addresses', () => {
    const item = {
      shortMessage: `Our sale is on: https://shop.example.com/${'p'.repeat(150)}`,
      destinationAddress: '233241000001,233241000002',
      specialUnicodeSupport: false,
    } as SendItem;
    expect(sendCost([item]).credits).toBe(4);
    expect(sendCost([{ ...item, shortenLinks: true }], 'acme.com').credits).toBe(2);
  });

  it("words each recipient's clicks and the click rate, and exports them only for a send with short links", () => {
    expect([0, 1, 3].map(clickedText)).toEqual(['Not clicked', 'Clicked once', 'Clicked 3 times']);
    expect(clickRateText(30, 200)).toBe('15% of 200 recipients');
    expect(clickRateText(1, 200, false)).toBe('0.5%');
    const plain = statusReportTable([{ mobilenumber: '233241000001', status: 'SENT' }]);
    expect(plain[0]).not.toContain('Link clicks');
    const linked = statusReportTable([
      { mobilenumber: '233241000001', status: 'SENT', clicks: 2 },
      { mobilenumber: '233241000002', status: 'SENT', clicks: 0 },
    ]);
    expect(linked[0]!.at(-1)).toBe('Link clicks');
    expect(linked.slice(1).map((row) => row.at(-1))).toEqual([2, 0]);
  });
});
