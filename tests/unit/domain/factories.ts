// Test data with overrides, so each test states only what it is about.
import type { DomainDetails, SendItem, UserInfo } from '../../../src/domain/types';
import { domainDetails, userInfo } from '../support/factories';

// The domain tests' defaults: a client with a small balance and no optional features, on a plain domain.
// The fields themselves come from the one factory module (tests/unit/support/factories.ts).

export function makeUser(overrides: Partial<UserInfo> = {}): UserInfo {
  return userInfo({
    profile_id: 100,
    companyname: 'Demo Ltd',
    token: 't',
    apikey: 'k',
    pendingsenderid: '',
    referralcode: '',
    creditbalance: 50,
    internationalcreditbalance: 2,
    creditexpires: 1767225600,
    domain: 'localhost',
    enablereferral: false,
    enablereseller: false,
    usepaymentgateway: false,
    setuptime: '2024-01-01T00:00:00Z',
    applicableRate: 0.025,
    dashboardTab: false,
    scheduledsmsTab: false,
    recurringsmsTab: false,
    credithistoryTab: false,
    ...overrides,
  });
}

export function makeDomain(overrides: Partial<DomainDetails> = {}): DomainDetails {
  return domainDetails({
    companyname: 'Main SMS',
    telnumber: '0240000000',
    logo: '',
    theme_color: '',
    localrate: '',
    usepaymentgateway: false,
    paystackpubkey: '',
    enablereferral: false,
    enablereseller: false,
    supusepaymentgateway: false,
    supenablereferral: false,
    supenablereseller: false,
    ...overrides,
  });
}

export function makeItem(overrides: Partial<SendItem> = {}): SendItem {
  return {
    shortMessage: 'Hello',
    destinationAddress: '0241234567',
    sourceAddress: 'DEMO',
    messageDescription: '',
    messageType: 'quick sms',
    specialUnicodeSupport: false,
    flash: false,
    expectedDeliveryTime: '2025-01-01 00:00:00',
    typeandsubtype: 'quick:regular',
    recurringInterval: 0,
    recurringPeriod: 'Hourly',
    ...overrides,
  };
}

export const numbers = (count: number, start = 0): string[] =>
  Array.from({ length: count }, (_, i) => `0240${String(start + i).padStart(6, '0')}`);
