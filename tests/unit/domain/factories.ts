// Test data with overrides, so each test states only what it is about.
import type { DomainDetails, SendItem, UserInfo } from '../../../src/domain/types';

export function makeUser(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    profile_id: 100,
    username: 'demouser',
    email: 'demo@example.com',
    telnumber: '233241234567',
    companyname: 'Demo Ltd',
    country: 'Ghana',
    accountType: 'REGULAR',
    token: 't',
    apikey: 'k',
    isAdmin: false,
    supid: 6,
    senderidapproved: 'DEMO,ALERTS',
    pendingsenderid: '',
    referralcode: '',
    creditbalance: 50,
    internationalcreditbalance: 2,
    creditexpires: 1_767_225_600,
    content: 'local',
    domain: 'localhost',
    logo: '',
    backgroundImage: '',
    senderid: '',
    enablereferral: false,
    enablereseller: false,
    referralpercentage: 0.1,
    usepaymentgateway: false,
    paystackseckey: '',
    paystackpubkey: '',
    recaptcha_site_key: '',
    recaptcha_secret_key: '',
    localrate: '',
    setuptime: '2024-01-01T00:00:00Z',
    applicableRate: 0.025,
    dashboardTab: false,
    scheduledsmsTab: false,
    recurringsmsTab: false,
    credithistoryTab: false,
    domainverified: true,
    domainverifyname: '',
    domainverifytoken: '',
    ...overrides,
  };
}

export function makeDomain(overrides: Partial<DomainDetails> = {}): DomainDetails {
  return {
    profile_id: 6,
    domainprofile_id: 1,
    domain: 'localhost',
    companyname: 'Main SMS',
    telnumber: '0240000000',
    logo: '',
    backgroundImage: '',
    theme_color: '',
    localrate: '',
    usepaymentgateway: false,
    paystackpubkey: '',
    enablereferral: false,
    referralpercentage: 0.1,
    enablereseller: false,
    recaptcha_site_key: '',
    internationalcreditbalance: 0,
    supusepaymentgateway: false,
    suplocalrate: '',
    suppaystackpubkey: '',
    supenablereferral: false,
    supenablereseller: false,
    supInternationalBalance: 0,
    ...overrides,
  };
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
