import { describe, expect, it } from 'vitest';
import { safeAssetUrl, safePaymentUrl } from '../../../src/domain/navigation/safe-url';

const origin = 'https://acme.example.com';

describe('safeAssetUrl: URLs from the server are used only when safe', () => {
  it.each([
    ['/smsgateway/api/frontend/images/logo.png', 'https://acme.example.com/smsgateway/api/frontend/images/logo.png'],
    [
      'https://acme.example.com/smsgateway/api/frontend/images/bg.jpg',
      'https://acme.example.com/smsgateway/api/frontend/images/bg.jpg',
    ],
    ['/icon-192.png', 'https://acme.example.com/icon-192.png'],
  ])('accepts %s', (url, expected) => {
    expect(safeAssetUrl(url, origin)).toBe(expected);
  });

  it.each([
    ['javascript:alert(1)'],
    ['JavaScript:alert(1)'],
    ['data:image/png;base64,AAAA'],
    ['https://evil.example.net/logo.png'],
    ['//evil.example.net/logo.png'],
    ['https://user:pw@acme.example.com/smsgateway/api/frontend/images/x.png'],
    ['relative/logo.png'],
    [''],
    ['   '],
  ])('refuses %j', (url) => {
    expect(safeAssetUrl(url, origin)).toBeNull();
  });

  it('refuses null and undefined', () => {
    expect(safeAssetUrl(null, origin)).toBeNull();
    expect(safeAssetUrl(undefined, origin)).toBeNull();
  });
});

describe('safePaymentUrl: the payment page the app leaves for', () => {
  const origin = 'https://sms.example.com';
  it.each([
    ['https://checkout.paystack.com/abc123', 'https://checkout.paystack.com/abc123'],
    ['/smsgateway/pay/' + 'a'.repeat(48), `${origin}/smsgateway/pay/${'a'.repeat(48)}`],
  ])('accepts %s', (link, expected) => {
    expect(safePaymentUrl(link, origin)).toBe(expected);
  });
  it.each([
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'http://checkout.paystack.com/abc',
    'https://user:pass@checkout.paystack.com/abc',
    '/profile',
    '',
  ])('refuses %s', (link) => {
    expect(safePaymentUrl(link, origin)).toBeNull();
  });
});
