import { z } from 'zod';
import { request } from './http';

const flag = z
  .union([z.boolean(), z.number(), z.string()])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');
const text = z
  .string()
  .nullish()
  .transform((v) => v ?? '');
const num = z.coerce.number().catch(0);

/** SPEC 3 Domain details as the gateway answers them; unknown fields are dropped. */
const DomainDetailsSchema = z.object({
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
});
export type DomainDetailsAnswer = z.infer<typeof DomainDetailsSchema>;

export function fetchDomainDetails(host: string): Promise<DomainDetailsAnswer> {
  return request({
    path: `/smsgateway/api/domain?domain=${encodeURIComponent(host)}`,
    method: 'GET',
    schema: DomainDetailsSchema,
  });
}
