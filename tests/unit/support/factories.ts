import type { UserInfo } from '../../../src/domain/types';
import type { DomainDetailsAnswer } from '../../../src/api/domain-api';
import type { StoredGroup } from '../../../src/db/app-db';

// The test data builders, one of each kind, for screen, gateway and browser tests alike.

/** A phone book as the device stores it (account 7's unless overridden), with overrides. */
export function storedGroup(id: number, overrides: Partial<StoredGroup> = {}): StoredGroup {
  return {
    profile_id: 7,
    id,
    groupname: `G${id}`,
    username: 'demo',
    setuptime: '',
    contactcount: 0,
    client: false,
    ...overrides,
  };
}

/** Domain details as the gateway answers them, with overrides. */
export function domainDetails(overrides: Partial<DomainDetailsAnswer> = {}): DomainDetailsAnswer {
  return {
    profile_id: 6,
    domainprofile_id: 1,
    domain: 'localhost',
    companyname: 'Bulk SMS Ghana',
    telnumber: '+233302000000',
    logo: '/smsgateway/api/frontend/images/main-logo.png',
    backgroundImage: '',
    theme_color: '#0b4a8b',
    localrate: JSON.stringify({ REGULAR: [{ id: 1, price: 20, rate: 0.029, expiry: 0.25 }], PREMIUM: [] }),
    usepaymentgateway: true,
    paystackpubkey: 'pk_test',
    enablereferral: true,
    referralpercentage: 0.1,
    enablereseller: true,
    recaptcha_site_key: '',
    internationalcreditbalance: 0,
    supusepaymentgateway: true,
    suplocalrate: '',
    suppaystackpubkey: '',
    supenablereferral: true,
    supenablereseller: true,
    supInternationalBalance: 0,
    ...overrides,
  };
}

/** A signed-in user's info as the gateway answers it, with overrides. */
export function userInfo(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    profile_id: 7,
    username: 'demouser',
    email: 'demo@example.com',
    telnumber: '233241234567',
    companyname: 'Demo Traders',
    country: 'Ghana',
    accountType: 'REGULAR',
    token: 'token-1',
    apikey: 'sk_test',
    isAdmin: false,
    supid: 6,
    senderidapproved: 'DEMO,ALERTS',
    pendingsenderid: 'PROMO',
    referralcode: 'ABC123',
    creditbalance: 5000,
    internationalcreditbalance: 0,
    creditexpires: 1_800_000_000,
    content: 'local',
    domain: '',
    logo: '',
    backgroundImage: '',
    senderid: '',
    enablereferral: true,
    enablereseller: true,
    referralpercentage: 0.1,
    usepaymentgateway: true,
    paystackseckey: '',
    paystackseckeyending: '',
    paystackpubkey: '',
    recaptcha_site_key: '',
    recaptcha_secret_key: '',
    recaptchasecretkeyending: '',
    localrate: '',
    setuptime: '2026-01-01T00:00:00.000Z',
    applicableRate: 0,
    dashboardTab: true,
    scheduledsmsTab: true,
    recurringsmsTab: true,
    credithistoryTab: true,
    domainverified: true,
    domainverifyname: '',
    domainverifytoken: '',
    ...overrides,
  };
}

/** Unique identities so tests never collide on usernames, e-mails or numbers. */
export function uniqueUser(prefix = 'e2e') {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const digits = String(Math.floor(Math.random() * 1e7)).padStart(7, '0');
  return {
    username: `${prefix}${tag}`.slice(0, 20),
    email: `${prefix}.${tag}@example.com`,
    phone: `23324${digits}`,
    password: 'secret123',
  };
}

export type NewAccount = ReturnType<typeof uniqueUser> & { cname: string };

/** The temporalsignup body the sign-up screen posts for an account (Ghana, no referral), with overrides. */
export function signupForm(who: NewAccount, overrides: Record<string, unknown> = {}) {
  return {
    ...who,
    country: 'Ghana',
    cpassword: who.password,
    referralcode: '',
    humanKey: '',
    supid: 0,
    domain: 'localhost',
    ...overrides,
  };
}

/** A quick send item as the PWA builds it (docs/api.md#sends), with overrides. */
export function sendItem(overrides: Record<string, unknown> = {}) {
  return {
    shortMessage: 'Hello',
    destinationAddress: '',
    sourceAddress: 'DEMO',
    messageDescription: '',
    messageType: 'quick sms',
    specialUnicodeSupport: false,
    flash: false,
    expectedDeliveryTime: '',
    typeandsubtype: 'quick:regular',
    recurringInterval: 0,
    recurringPeriod: 'Hourly',
    ...overrides,
  };
}
