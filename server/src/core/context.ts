import type { Connector } from './connector';
import type { RecipientLedger } from './recipient-ledger';
import type { InboundLedger } from './inbound';
import type { Db } from '../db/database';
import type { Mailer } from './mailer';
import type { Liveness } from './liveness';
import type { Observers } from './observers';
import type { EventLog, LogSettings } from './log';

/** What every route needs, passed explicitly so tests can build an app with their own clock and database. */
export interface GatewayContext {
  db: Db;
  /** Epoch milliseconds; tests inject a controllable clock. */
  now: () => number;
  devMode: boolean;
  /** The main product host (profile 6's), e.g. 'localhost'. */
  mainHost: string;
  maxBodyBytes: number;
  /** scrypt cost N; OWASP's 2^17 in production, lower in tests. */
  scryptCost: number;
  /** Where uploaded logos and backgrounds are stored. */
  imagesDir: string;
  /** Where the built PWA is, or null for an API-only app. */
  distDir: string | null;
  /** Milliseconds the simulated carrier waits before a delivery report. */
  carrierDelayMs: number;
  /** The carrier (CARRIER_URL); the simulator when absent (dev mode and tests). */
  connector?: Connector;
  /** Where the carrier takes queued recipients and records their outcomes: messaging's ledger. */
  recipients: RecipientLedger;
  /** Where the carrier stores messages from phones and STOP replies opt out: the opt-out area's ledger. */
  inbound: InboundLedger;
  /** How long an instance may be silent before another takes over its parts (CARRIER_LEASE_S, default 30 s). */
  instanceLeaseMs?: number;
  /** How long an in-doubt part waits for its receipt before it is UNKNOWN (default 48 hours). */
  receiptWindowMs?: number;
  /** The gateway's own events (the carrier's state, SMPP binds), one log line each with their ids; never secrets. */
  log?: EventLog;
  /** LOG_LEVEL and the log's form; absent: the app logs nothing (tests that do not look at the log). */
  logging?: LogSettings;
  /** DNS TXT look-up for domain verification (node:dns in production; tests answer themselves). */
  resolveTxt?: (name: string) => Promise<string[][]>;
  /** Behind TLS: Strict-Transport-Security on every answer. */
  hsts?: boolean;
  /** TRUST_PROXY: the proxies whose X-Forwarded-For names the client (server/src/http/proxy-config.ts). */
  trustProxy?: readonly string[];
  /** A line per answered request (method, path, status, time, request and account ids; never headers or bodies). */
  logRequests?: boolean;
  /**
   * Paystack's API base (PAYSTACK_BASE_URL). Null only in dev mode without one: purchases then use
   * the simulated checkout page, and nothing reaches a payment provider.
   */
  paystackBaseUrl?: string | null;
  /** The most one purchase may be, in GHS (MAX_PURCHASE_GHS). */
  maxPurchaseGhs?: number;
  /** Requests per key (or per signed-in account) the integrators' API takes in each window (docs/api-v1.md#limits). */
  apiRateLimit?: { limit: number; windowMs: number };
  /** WEBHOOK_RETRY_SCHEDULE: seconds before each retry of a failed webhook (docs/api-v1.md#webhooks). */
  webhookRetrySchedule?: readonly number[];
  /** How long a webhook's endpoint may take to answer (15 s unless a test sets another). */
  webhookTimeoutMs?: number;
  /** Free webhook deliveries (test mode's, test events) an account is given an hour (5,000 unless a test sets another). */
  webhookFreeQuota?: number;
  /** Resolves a webhook endpoint's host to all its addresses (node:dns in production; tests answer themselves). */
  lookupHost?: (host: string) => Promise<{ address: string; family: number }[]>;
  /** SMTP (SMTP_URL); absent: e-mail is kept (and in dev mode shown in the dev mailbox) (docs/deployment.md#e-mail). */
  mailer?: Mailer;
  /** MAIL_FROM: the address every e-mail is from (no-reply@ the main host unless set). */
  mailFrom?: string;
  /** The background loops' heartbeats and the stopping flag that readiness reads; absent: no loops run. */
  liveness?: Liveness;
  /** Metrics' counters of requests and statements (http/metrics.ts); absent: none kept. */
  observers?: Observers;
  /** Where faults go (a failed tick, a 500): the app's logger once built (http/logging.ts), nowhere in tests. */
  reportError?: (where: string, error: unknown) => void;
}
