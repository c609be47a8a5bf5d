import type { DomainDetailsAnswer } from '../../../src/api/domain-api';

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
