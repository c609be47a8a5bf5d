// Shapes shared by the PWA, the service worker and the gateway; field names exactly as the wire has them (docs/api.md).
import type { Permission, TeamRole } from './account/team-roles';

export type AccountType = 'REGULAR' | 'PREMIUM' | 'RESELLER';
export type MessageKind = 'quick' | 'scheduled' | 'recurring' | 'birthday';
export type MessageSubtype = 'regular' | 'personalized';
export type ContactSource = 'manual' | 'excel' | 'phonebook';
export type RecurringPeriod = 'Hourly' | 'Daily' | 'Monthly' | 'Yearly';
export type SendMessageType = 'quick sms' | 'scheduled sms' | 'recurring sms' | 'birthday sms';
export type TypeAndSubtype = `${MessageKind}:${MessageSubtype}`;

// Strings the server leaves unset arrive as '' (the api layer normalises null).
export type UserInfo = {
  profile_id: number;
  username: string;
  email: string;
  telnumber: string;
  companyname: string;
  country: string;
  accountType: AccountType;
  token: string;
  apikey: string;
  isAdmin: boolean;
  supid: number;
  senderidapproved: string;
  pendingsenderid: string;
  referralcode: string;
  creditbalance: number;
  internationalcreditbalance: number;
  creditexpires: number;
  content: string;
  domain: string;
  logo: string;
  backgroundImage: string;
  senderid: string;
  enablereferral: boolean;
  enablereseller: boolean;
  referralpercentage: number;
  usepaymentgateway: boolean;
  /** Always '': the secret key is write-only (update-domain-details). */
  paystackseckey: string;
  /** The saved secret key's last four characters, for its owner only; '' when none is saved. */
  paystackseckeyending: string;
  paystackpubkey: string;
  recaptcha_site_key: string;
  recaptcha_secret_key: string;
  /** The saved reCAPTCHA secret's last four characters, for its owner only; '' when none is saved. */
  recaptchasecretkeyending: string;
  localrate: string;
  setuptime: string;
  applicableRate: number;
  dashboardTab: boolean;
  scheduledsmsTab: boolean;
  recurringsmsTab: boolean;
  credithistoryTab: boolean;
  /** The owner's own domain: verified, or the DNS TXT record still to publish (name and value). */
  domainverified: boolean;
  domainverifyname: string;
  domainverifytoken: string;
  /** Two-step sign-in is on; the account requires it of itself and its admins (older gateways: absent). */
  twostep?: boolean;
  twosteprequired?: boolean;
  /** The owner's domain: its TIN on invoices, and whether its prices exclude tax (older gateways: absent). */
  tin?: string;
  pricesexcludetax?: boolean;
  /** The owner's domain's own terms and privacy pages, linked from its visitors' pages (older gateways: absent). */
  termsurl?: string;
  privacyurl?: string;
  /** Credits under which a charge alerts the account, 0 for none; the monthly cap its provider set, null for none (older gateways: absent). */
  lowbalancethreshold?: number;
  monthlycap?: number | null;
  /** A team member's sign-in (docs/product.md#members-and-roles): who they are and what their roles allow; absent for the owner. */
  member?: { id: number; name: string; roles: TeamRole[] };
  permissions?: Permission[];
  /** Quiet hours (docs/product.md#quiet-hours): the nightly window as HH:mm in Accra ('' for none) and Sundays (older gateways: absent). */
  quietstart?: string;
  quietend?: string;
  quietsundays?: boolean;
  /** The two-person rule (docs/product.md#the-two-person-rule): members' campaigns over this many recipients wait (null: none), and whether all their marketing sends do (older gateways: absent). */
  approvalover?: number | null;
  approvalmarketing?: boolean;
};

export type DomainDetails = {
  profile_id: number;
  domainprofile_id: number;
  /** The host these details are for. */
  domain: string;
  companyname: string;
  telnumber: string;
  logo: string;
  backgroundImage: string;
  theme_color: string;
  localrate: string;
  usepaymentgateway: boolean;
  paystackpubkey: string;
  enablereferral: boolean;
  referralpercentage: number;
  enablereseller: boolean;
  recaptcha_site_key: string;
  internationalcreditbalance: number;
  supusepaymentgateway: boolean;
  suplocalrate: string;
  suppaystackpubkey: string;
  supenablereferral: boolean;
  supenablereseller: boolean;
  supInternationalBalance: number;
  /** Ghana's taxes are added to the prices at checkout (else the prices include them); sup: the owner's seller's. */
  pricesexcludetax?: boolean;
  suppricesexcludetax?: boolean;
  /** The domain owner's own terms and privacy pages (https), or '' (older gateways: absent). */
  termsurl?: string;
  privacyurl?: string;
};

export type PriceTier = {
  id: number;
  price: number;
  rate: number;
  expiry: number;
};

export type PriceAccountType = 'REGULAR' | 'PREMIUM';
export type LocalRate = Record<PriceAccountType, PriceTier[]>;

export type SendItem = {
  shortMessage: string;
  destinationAddress: string;
  sourceAddress: string;
  messageDescription: string;
  messageType: SendMessageType;
  specialUnicodeSupport: boolean;
  flash: boolean;
  expectedDeliveryTime: string;
  typeandsubtype: TypeAndSubtype;
  recurringInterval: number;
  recurringPeriod: RecurringPeriod;
  /** Each recipient's text ends with its own opt-out link (docs/compliance.md#the-opt-out-link). */
  optOutLink?: boolean;
  /** 'transactional' is never held by quiet hours; absent: promotional (docs/product.md#quiet-hours). */
  category?: 'promotional' | 'transactional';
  /** Each web address of the text becomes the recipient's own short link on the tenant's host (docs/product.md#short-links). */
  shortenLinks?: boolean;
  /** A birthday send from a phone book or sheet: its recipients' birthday, 'yyyy-MM-dd' (docs/api.md#sends). */
  birthday?: string;
  /** A personalized item: the text as typed, with its {placeholders}, and the values it was filled from. */
  template?: string;
  fields?: Readonly<Record<string, string>>;
};
