import { resolve } from 'node:path';
import { resolveTxt } from 'node:dns/promises';
import type { GatewayContext } from './core/context';
import { ConfigError } from './core/errors';
import type { Db } from './db/database';
import { MAX_PURCHASE_GHS } from '../../src/domain/money/money';
import { API_RATE_LIMIT } from './http/api-v1';
import { paystackBase } from './payments/paystack-config';
import { parseCarrierUrl, type CarrierSettings } from './carrier/carrier-url';
import { recipientLedger } from './messaging/carrier-ledger';
import { inboundLedger } from './optouts/inbound';
import { SmppConnector } from './carrier/smpp/smpp-connector';
import { signupFieldError } from '../../src/domain/account/signup';
import { isEmailAddress } from '../../src/domain/fields';
import { canonicalPhone } from '../../src/domain/numbers/phone-number';
import { usernameShapeError } from './accounts/uniqueness';
import { WEBHOOK_RETRY_SCHEDULE } from './integrations/webhooks/deliver';
import { mailSettings, type MailSettings } from './mail/mail-config';
import { smtpMailer } from './mail/smtp-mailer';
import { Liveness } from './core/liveness';
import { metricsSettings, type MetricsSettings } from './http/metrics-config';
import type { LogSettings } from './core/log';
import { logSettings } from './http/log-config';
import { trustedProxies } from './http/proxy-config';

/** Profile 6, the operator's account, written with the main domain at the first start on an empty database. */
export interface OperatorAccount {
  username: string;
  password: string;
  email: string;
  /** In international form without '+' (233...). */
  phone: string;
}

export interface GatewayConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  mainHost: string;
  /** The demo: dev inbox, simulated checkout, demo accounts. Off unless GATEWAY_DEV=1. */
  devMode: boolean;
  maxBodyBytes: number;
  seedDemo: boolean;
  /** OPERATOR_USERNAME, OPERATOR_PASSWORD, OPERATOR_EMAIL, OPERATOR_PHONE; null when none is set. */
  operator: OperatorAccount | null;
  scryptCost: number;
  distDir: string;
  /** Behind TLS: browsers are told to keep to HTTPS (Strict-Transport-Security). */
  hsts: boolean;
  /** GATEWAY_LOG: a line per request (method, path, status, time, request and account ids). */
  logRequests: boolean;
  /** LOG_LEVEL, and LOG_FORMAT: `json` lines, or `readable` (dev mode's default) (docs/operations.md#logs). */
  logging: LogSettings;
  /** SHUTDOWN_GRACE_S: how long a stop on SIGTERM may take before the process exits anyway. */
  shutdownGraceS: number;
  /** Paystack's API; null in dev mode without PAYSTACK_BASE_URL (the simulated checkout). */
  paystackBaseUrl: string | null;
  maxPurchaseGhs: number;
  /** CARRIER_URL: the real carrier over SMPP, or the simulator (dev mode's default). */
  carrier: CarrierSettings;
  /** CARRIER_LEASE_S: an instance silent this long is taken over by the others. */
  carrierLeaseS: number;
  /** API_RATE_LIMIT: requests a minute each key of the integrators' API may make (docs/api-v1.md#limits). */
  apiRateLimit: number;
  /** WEBHOOK_RETRY_SCHEDULE: seconds before each retry of a failed webhook (docs/api-v1.md#webhooks). */
  webhookRetrySchedule: readonly number[];
  /** The SMPP server customers bind to (docs/smpp.md); off unless a port is given (2775 in dev mode). */
  smpp: SmppSettings;
  /** SMTP_URL and MAIL_FROM (docs/deployment.md#e-mail). */
  mail: MailSettings;
  /** METRICS_PORT and METRICS_TOKEN (docs/operations.md#metrics). */
  metrics: MetricsSettings;
  /** TRUST_PROXY: the reverse proxies whose X-Forwarded-For names the client (none by default). */
  trustProxy: string[];
}

export interface SmppSettings {
  /** SMPP_PORT: the plain listener; null when off. */
  port: number | null;
  /** SMPPS_PORT: the TLS listener, with SMPP_TLS_CERT and SMPP_TLS_KEY (PEM files); null when off. */
  tlsPort: number | null;
  tlsCert: string | null;
  tlsKey: string | null;
  /** SMPP_IDLE_S: a bind silent this long (no PDU, not even enquire_link) is unbound. */
  idleS: number;
}

/** Dev mode's SMPP port when SMPP_PORT is not set (the demo prints it). */
export const DEV_SMPP_PORT = 2775;

function smppSettings(env: NodeJS.ProcessEnv, devMode: boolean): SmppSettings {
  const port = env.SMPP_PORT?.trim() ? integer(env, 'SMPP_PORT', 0, 0, 65_535) : devMode ? DEV_SMPP_PORT : null;
  const tlsPort = env.SMPPS_PORT?.trim() ? integer(env, 'SMPPS_PORT', 0, 0, 65_535) : null;
  const tlsCert = env.SMPP_TLS_CERT?.trim() || null;
  const tlsKey = env.SMPP_TLS_KEY?.trim() || null;
  if (tlsPort !== null && (!tlsCert || !tlsKey)) {
    throw new ConfigError(
      'SMPPS_PORT needs SMPP_TLS_CERT and SMPP_TLS_KEY: the paths of the PEM certificate (with its chain) and private key of the TLS listener',
    );
  }
  return { port, tlsPort, tlsCert, tlsKey, idleS: integer(env, 'SMPP_IDLE_S', 120, 10, 3600) };
}

/** CARRIER_URL; outside dev mode it must be set, so a production start never takes credit and delivers nothing. */
function carrierSettings(env: NodeJS.ProcessEnv, devMode: boolean): CarrierSettings {
  const raw = env.CARRIER_URL?.trim();
  if (raw) return parseCarrierUrl(raw);
  if (devMode) return { kind: 'sim' };
  throw new ConfigError(
    "CARRIER_URL must be set outside dev mode: your carrier's SMPP account, e.g. smpp://SYSTEM_ID:PASSWORD@smsc.example.net:2775?window=10&tps=100, or sim to deliver nothing (GATEWAY_DEV=1 runs the demo with the simulator)",
  );
}

export { ConfigError };

const OPERATOR_VARIABLES = ['OPERATOR_USERNAME', 'OPERATOR_PASSWORD', 'OPERATOR_EMAIL', 'OPERATOR_PHONE'] as const;
/** What sign-up bounds beside the form's minimums (accounts/signup-fields.ts). */
const OPERATOR_MAX = { username: 50, password: 128 } as const;

/** The operator's account from its four variables, checked as sign-up checks a new account's fields. */
function operatorFrom(env: NodeJS.ProcessEnv): OperatorAccount | null {
  const set = OPERATOR_VARIABLES.filter((name) => (env[name] ?? '') !== '');
  if (set.length === 0) return null;
  const missing = OPERATOR_VARIABLES.find((name) => !set.includes(name));
  if (missing) {
    throw new ConfigError(
      `${missing} must be set with ${set.join(', ')}: the four OPERATOR_ variables together create profile 6, the operator's account, at the first start`,
    );
  }
  const username = env.OPERATOR_USERNAME!.trim();
  const usernameError =
    signupFieldError('username', username) ??
    usernameShapeError(username) ??
    (username.length > OPERATOR_MAX.username ? `Username must be ${OPERATOR_MAX.username} characters or fewer` : null);
  if (usernameError) throw new ConfigError(`OPERATOR_USERNAME is not a valid username: ${usernameError}`);
  // The password is never repeated in a message, only its length.
  const password = env.OPERATOR_PASSWORD!;
  const passwordError =
    signupFieldError('password', password) ??
    (password.length > OPERATOR_MAX.password ? `Password must be ${OPERATOR_MAX.password} characters or fewer` : null);
  if (passwordError) {
    throw new ConfigError(
      `OPERATOR_PASSWORD is not a valid password (it has ${password.length} characters): ${passwordError}`,
    );
  }
  const email = env.OPERATOR_EMAIL!.trim();
  if (!isEmailAddress(email))
    throw new ConfigError(`OPERATOR_EMAIL must be an e-mail address; it is '${email.slice(0, 60)}'`);
  const phone = env.OPERATOR_PHONE!.trim();
  const phoneError = signupFieldError('mobile', phone);
  if (phoneError) {
    throw new ConfigError(
      `OPERATOR_PHONE must be a mobile number such as 233241234567 (${phoneError}); it is '${phone.slice(0, 30)}'`,
    );
  }
  return { username, password, email, phone: canonicalPhone(phone) };
}

/**
 * SEED_DEMO: the demo accounts' passwords are published, so outside dev mode only on localhost; and
 * never with the operator's account, since the demo brings its own profile 6.
 */
function seedDemoFrom(env: NodeJS.ProcessEnv, devMode: boolean, mainHost: string, operator: OperatorAccount | null) {
  const seedDemo = flag(env, 'SEED_DEMO', devMode && !operator);
  if (seedDemo && operator) {
    throw new ConfigError(
      'SEED_DEMO=1 cannot go with the OPERATOR_ variables: the demo data brings its own profile 6 (supervisor); set SEED_DEMO=0 or leave the OPERATOR_ variables out',
    );
  }
  if (seedDemo && !devMode && mainHost !== 'localhost') {
    throw new ConfigError(
      `SEED_DEMO=1 is refused outside dev mode unless MAIN_HOST is localhost: the demo accounts' passwords are published (MAIN_HOST is '${mainHost}')`,
    );
  }
  return seedDemo;
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}; it is '${raw}'`);
  }
  return value;
}

/** WEBHOOK_RETRY_SCHEDULE: comma-separated seconds, 1 to 20 retries of at most a week each. */
function retrySchedule(env: NodeJS.ProcessEnv): readonly number[] {
  const raw = env.WEBHOOK_RETRY_SCHEDULE?.trim();
  if (!raw) return WEBHOOK_RETRY_SCHEDULE;
  const values = raw.split(',').map((v) => Number(v.trim()));
  if (values.length > 20 || values.some((v) => !Number.isInteger(v) || v < 1 || v > 7 * 86_400)) {
    throw new ConfigError(
      `WEBHOOK_RETRY_SCHEDULE must be 1 to 20 comma-separated whole seconds from 1 to 604800, e.g. ${WEBHOOK_RETRY_SCHEDULE.join(',')}; it is '${raw.slice(0, 80)}'`,
    );
  }
  return values;
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === '1') return true;
  if (raw === '0') return false;
  throw new ConfigError(`${name} must be 1 or 0; it is '${raw}'`);
}

/** README's configuration variables, read and checked once: a bad one stops the start with its name. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const devMode = flag(env, 'GATEWAY_DEV', false);
  const mainHost = (env.MAIN_HOST ?? '').trim().toLowerCase();
  // The demo runs on localhost; a real deployment must say which host is the main product's.
  if (!devMode && !mainHost) {
    throw new ConfigError(
      'MAIN_HOST must be set outside dev mode: the main product host, e.g. sms.example.com (GATEWAY_DEV=1 runs the demo on localhost)',
    );
  }
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError(
      `DATABASE_URL must be a PostgreSQL connection string (postgres://user:password@host:5432/db); it starts '${databaseUrl.slice(0, 12)}'`,
    );
  }
  const operator = operatorFrom(env);
  return {
    port: integer(env, 'PORT', 8080, 0, 65_535),
    host: env.HOST?.trim() || 'localhost',
    databaseUrl,
    dataDir: resolve(env.DATA_DIR ?? 'data'),
    mainHost: mainHost || 'localhost',
    devMode,
    maxBodyBytes: integer(env, 'MAX_BODY_BYTES', 1024 * 1024, 1024, 64 * 1024 * 1024),
    // The demo accounts have published passwords: only in dev mode unless asked for on localhost.
    seedDemo: seedDemoFrom(env, devMode, mainHost || 'localhost', operator),
    operator,
    scryptCost: integer(env, 'SCRYPT_COST', 2 ** 17, 2 ** 10, 2 ** 20),
    distDir: resolve(env.DIST_DIR ?? 'dist'),
    hsts: flag(env, 'HSTS', false),
    logRequests: flag(env, 'GATEWAY_LOG', false),
    logging: logSettings(env, devMode),
    shutdownGraceS: integer(env, 'SHUTDOWN_GRACE_S', 20, 1, 3600),
    paystackBaseUrl: paystackBase(env, devMode),
    maxPurchaseGhs: integer(env, 'MAX_PURCHASE_GHS', MAX_PURCHASE_GHS, 1, 1_000_000_000),
    carrier: carrierSettings(env, devMode),
    carrierLeaseS: integer(env, 'CARRIER_LEASE_S', 30, 2, 3600),
    apiRateLimit: integer(env, 'API_RATE_LIMIT', API_RATE_LIMIT.limit, 1, 1_000_000),
    webhookRetrySchedule: retrySchedule(env),
    smpp: smppSettings(env, devMode),
    mail: mailSettings(env, mainHost || 'localhost'),
    metrics: metricsSettings(env),
    trustProxy: trustedProxies(env),
  };
}

export function contextFrom(config: GatewayConfig, db: Db): GatewayContext {
  return {
    db,
    now: () => Date.now(),
    devMode: config.devMode,
    mainHost: config.mainHost,
    maxBodyBytes: config.maxBodyBytes,
    scryptCost: config.scryptCost,
    imagesDir: resolve(config.dataDir, 'images'),
    distDir: config.distDir,
    carrierDelayMs: 1000,
    resolveTxt,
    hsts: config.hsts,
    trustProxy: config.trustProxy,
    logRequests: config.logRequests,
    logging: config.logging,
    paystackBaseUrl: config.paystackBaseUrl,
    maxPurchaseGhs: config.maxPurchaseGhs,
    connector: config.carrier.kind === 'smpp' ? new SmppConnector('default', config.carrier) : undefined,
    recipients: recipientLedger,
    inbound: inboundLedger,
    instanceLeaseMs: config.carrierLeaseS * 1000,
    apiRateLimit: { limit: config.apiRateLimit, windowMs: API_RATE_LIMIT.windowMs },
    webhookRetrySchedule: config.webhookRetrySchedule,
    mailer: config.mail.smtpUrl ? smtpMailer(config.mail.smtpUrl) : undefined,
    mailFrom: config.mail.fromAddress,
    liveness: new Liveness(),
    reportError: (where, error) => console.error(where, error),
    log: (line) => console.log(line),
  };
}
