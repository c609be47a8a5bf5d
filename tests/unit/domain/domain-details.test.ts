import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseDomainDetails } from '../../../src/domain/brand/domain-details';
import { domainDetails } from '../support/factories';

// The zod schema the domain answer was once checked with: the hand-written check, which keeps zod off
// the login page, must accept, reject and coerce exactly as it does.
const flag = z
  .union([z.boolean(), z.number(), z.string()])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');
const text = z
  .string()
  .nullish()
  .transform((v) => v ?? '');
const num = z.coerce.number().catch(0);
const Before = z.object({
  profile_id: z.coerce.number(),
  domainprofile_id: z.coerce.number().catch(0),
  domain: text,
  companyname: text,
  telnumber: text,
  logo: text,
  backgroundImage: text,
  theme_color: text,
  localrate: text,
  usepaymentgateway: flag.catch(false),
  paystackpubkey: text,
  enablereferral: flag.catch(false),
  referralpercentage: num,
  enablereseller: flag.catch(false),
  recaptcha_site_key: text,
  internationalcreditbalance: num,
  supusepaymentgateway: flag.catch(false),
  suplocalrate: text,
  suppaystackpubkey: text,
  supenablereferral: flag.catch(false),
  supenablereseller: flag.catch(false),
  supInternationalBalance: num,
  // Added with invoices: absent (an older gateway) reads as prices that include tax.
  pricesexcludetax: flag.catch(false),
  suppricesexcludetax: flag.catch(false),
  // Added with the footer's links: absent (an older gateway) reads as none.
  termsurl: text,
  privacyurl: text,
});

const before = (data: unknown) => {
  const parsed = Before.safeParse(data);
  return parsed.success ? parsed.data : null;
};

const base = domainDetails({ companyname: 'Acme SMS' }) as Record<string, unknown>;
const odd: unknown[] = [
  null,
  undefined,
  0,
  1,
  -1,
  2,
  '',
  '0',
  '1',
  'true',
  'TRUE',
  'yes',
  ' 12 ',
  '1e3',
  'abc',
  '1e400',
  true,
  false,
  [],
  [7],
  {},
  1.5,
  -0,
];

describe('domain details answer check', () => {
  it('reads a well-formed answer as the zod schema did, dropping unknown fields', () => {
    const answer = { ...base, extra: 'dropped', token: 'never kept' };
    expect(parseDomainDetails(answer)).toEqual(before(answer));
    expect(parseDomainDetails(answer)).not.toHaveProperty('extra');
    expect(parseDomainDetails(answer)?.companyname).toBe('Acme SMS');
  });

  it('accepts, coerces and refuses every field exactly as the zod schema did', () => {
    for (const key of Object.keys(Before.shape)) {
      for (const value of odd) {
        const answer = { ...base, [key]: value };
        expect([key, value, parseDomainDetails(answer)]).toEqual([key, value, before(answer)]);
      }
      const { [key]: _missing, ...without } = base;
      expect([key, 'missing', parseDomainDetails(without)]).toEqual([key, 'missing', before(without)]);
    }
  });

  it('refuses what is not an object', () => {
    for (const answer of [null, undefined, 'text', 42, [base], true]) {
      expect(parseDomainDetails(answer)).toBeNull();
      expect(before(answer)).toBeNull();
    }
  });
});
