import { describe, expect, it } from 'vitest';
import { safeAssetUrl } from '../../../src/domain/safe-url';

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
