import type { Generated, Selectable } from 'kysely';

// Booleans are 0/1 integers and times are epoch milliseconds, the same on SQLite and PostgreSQL.

export interface UsersTable {
  profile_id: Generated<number>;
  username: string;
  email: string;
  telnumber: Generated<string>;
  companyname: Generated<string>;
  country: Generated<string>;
  accountType: Generated<string>; // REGULAR | PREMIUM | RESELLER
  password_hash: string;
  apikey: string; // SHA-256 of the key: the key itself is shown once, when generated
  isAdmin: Generated<number>;
  supid: Generated<number>; // the supervisor's profile_id (0 for the top-level supervisor)
  senderidapproved: Generated<string>; // comma list
  pendingsenderid: Generated<string>; // comma list
  referralcode: Generated<string>;
  referred_by: number | null; // profile_id of the referrer
  creditbalance: Generated<number>;
  internationalcreditbalance: Generated<number>;
  creditexpires: Generated<number>; // epoch seconds
  content: Generated<string>; // 'local' or 'international'
  dashboardTab: Generated<number>;
  scheduledsmsTab: Generated<number>;
  recurringsmsTab: Generated<number>;
  credithistoryTab: Generated<number>;
  created_at: number;
  /** Two-step sign-in's TOTP secret (base32), '' when off; `totp_pending` awaits its first code. */
  totp_secret: Generated<string>;
  totp_pending: Generated<string>;
  totp_enabled: Generated<number>;
  /** The last TOTP time step accepted: a code is used once. */
  totp_last_step: Generated<number>;
  /** 1: two-step sign-in is required of this account and of the admins it supervises. */
  require_two_step: Generated<number>;
  /** 1: two-step sign-in is required of every team member of this account (migration 048). */
  members_two_step: Generated<number>;
  /** Moved on by each erasure of a person's data: a send screened before the move is screened again. */
  erase_epoch: Generated<number>;
  /** Credits under which a charge raises a low-balance alert (docs/product.md#low-balance-alerts); 0: none. */
  low_balance_threshold: Generated<number>;
  /** Credits the account may spend on sends a calendar month, set by its provider; null: no cap. */
  monthly_cap: Generated<number | null>;
  /** Quiet hours (docs/product.md#quiet-hours): the nightly window in minutes of the day in Accra; null: none. */
  quiet_start: Generated<number | null>;
  quiet_end: Generated<number | null>;
  /** 1: all of Sunday is quiet too. */
  quiet_sundays: Generated<number>;
  /** The two-person rule (docs/product.md#the-two-person-rule): a member's campaign over this many recipients waits (null: none). */
  approval_over: Generated<number | null>;
  /** 1: a member's every marketing (promotional) send waits too. */
  approval_marketing: Generated<number>;
}
export type UserRow = Selectable<UsersTable>;

/** A white-label domain: its host and the settings of the profile that owns it. */
export interface DomainsTable {
  domainprofile_id: Generated<number>;
  host: string;
  profile_id: number;
  companyname: Generated<string>;
  telnumber: Generated<string>;
  logo: Generated<string>;
  backgroundImage: Generated<string>;
  localrate: Generated<string>; // JSON text {"REGULAR":[...],"PREMIUM":[...]}
  senderid: Generated<string>;
  usepaymentgateway: Generated<number>;
  paystackpubkey: Generated<string>;
  paystackseckey: Generated<string>;
  enablereferral: Generated<number>;
  referralpercentage: Generated<number>; // fraction: 0.1 is 10 percent
  enablereseller: Generated<number>;
  recaptcha_site_key: Generated<string>;
  recaptcha_secret_key: Generated<string>;
  theme_color: Generated<string>;
  created_at: number;
  /** 0 until the gateway has seen the DNS TXT record: an unverified host serves the main brand. */
  verified: Generated<number>;
  /** The unverified claim's token; '' once the claim has closed (expired, or another verified the host). */
  verify_token: Generated<string>;
  /** When the host was claimed (ms): an unverified claim expires after CLAIM_TTL_DAYS. */
  claimed_at: Generated<number>;
  /** The seller's Taxpayer Identification Number on its invoices ('' when not given). */
  tin: Generated<string>;
  /** 1 when the price tables include VAT, NHIL and GETFund; 0 when they are added at checkout. */
  prices_include_tax: Generated<number>;
  /** The owner's own terms and privacy pages (https addresses), linked from visitors' pages; '' when not given. */
  terms_url: Generated<string>;
  privacy_url: Generated<string>;
}
export type DomainRow = Selectable<DomainsTable>;

export interface TokensTable {
  id: Generated<number>;
  token_hash: string;
  profile_id: number;
  created_at: number;
  expires_at: number;
  revoked: Generated<number>;
  /** The session's id as the profile shows it: never the token or its hash. */
  public_id: Generated<string>;
  user_agent: Generated<string>;
  ip: Generated<string>;
  /** Last call made with it (ms), written at most once a minute. */
  last_seen_at: Generated<number>;
  /** The team member signed in (docs/product.md#members-and-roles); null for the account's owner. */
  member_id: Generated<number | null>;
}

/** One of an account's ten two-step recovery codes, stored hashed; used once. */
export interface RecoveryCodesTable {
  id: Generated<number>;
  profile_id: number;
  code_hash: string;
  used_at: number | null;
  /** The team member whose code it is (migration 048); null for the account's owner. */
  member_id: Generated<number | null>;
}

/** A sign-in whose password was right, waiting for its two-step code. */
export interface LoginChallengesTable {
  id: Generated<number>;
  challenge_hash: string;
  profile_id: number;
  expires_at: number;
  attempts_left: number;
  used: Generated<number>;
  created_at: number;
  /** The team member signing in (migration 048); null for the account's owner. */
  member_id: Generated<number | null>;
}

export interface TemporalSignupsTable {
  id: Generated<number>;
  public_id: string; // the opaque `id` the client sees: row ids are guessable, this is not
  username: string;
  companyname: string;
  email: string;
  phone: string;
  country: string;
  password_hash: string;
  referralcode: string;
  supid: number;
  domain: string;
  verified: Generated<number>;
  profile_id: number | null; // set once the account exists
  created_at: number;
}

/** One-time codes: sign-up verification ('signup') and password reset ('reset'). */
export interface CodesTable {
  id: Generated<number>;
  purpose: string;
  subject_id: number; // temporal sign-up id or profile_id
  code_hash: string;
  expires_at: number;
  attempts_left: number;
  sends_left: number;
  used: Generated<number>;
  created_at: number;
}

export interface RateLimitsTable {
  key: string;
  window_start: number;
  count: number;
}

/** What the simulated carrier handed to a phone: the dev inbox reads it. */
export interface CarrierMessagesTable {
  id: Generated<number>;
  to_number: string;
  from_id: string;
  text: string;
  parts: Generated<number>;
  unicode: Generated<number>; // 1 when sent as UCS-2
  job_id: string | null;
  recipient_index: number | null;
  message_id: number | null;
  status: string; // SENT | FAILED | PENDING
  created_at: number;
}

export interface CoreTables {
  users: UsersTable;
  domains: DomainsTable;
  tokens: TokensTable;
  temporal_signups: TemporalSignupsTable;
  codes: CodesTable;
  rate_limits: RateLimitsTable;
  carrier_messages: CarrierMessagesTable;
  recovery_codes: RecoveryCodesTable;
  login_challenges: LoginChallengesTable;
}
