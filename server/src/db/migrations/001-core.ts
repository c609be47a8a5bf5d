import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { bigint, empty, notNull, withId, zero } from '../columns';

/** Times in milliseconds: bigint on PostgreSQL, integer on SQLite. */
type Millis = ReturnType<typeof bigint>;

export function core(dialect: DialectName): Migration {
  const ms = bigint(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await createUsers(dialect, db, ms);
      await createDomains(dialect, db, ms);
      await createTokens(dialect, db, ms);
      await createTemporalSignups(dialect, db, ms);
      await createCodes(dialect, db, ms);
      await createRateLimits(db, ms);
      await createCarrierMessages(dialect, db, ms);
    },
  };
}

/** The accounts: unique by username and e-mail without regard to case, by API key. */
async function createUsers(dialect: DialectName, db: Kysely<unknown>, ms: Millis) {
  await withId(dialect, db.schema.createTable('users'), 'profile_id')
    .addColumn('username', 'text', notNull)
    .addColumn('email', 'text', notNull)
    .addColumn('telnumber', 'text', empty)
    .addColumn('companyname', 'text', empty)
    .addColumn('country', 'text', (c) => c.notNull().defaultTo('Ghana'))
    .addColumn('accountType', 'text', (c) => c.notNull().defaultTo('REGULAR'))
    .addColumn('password_hash', 'text', notNull)
    .addColumn('apikey', 'text', notNull)
    .addColumn('isAdmin', 'integer', zero)
    .addColumn('supid', 'integer', zero)
    .addColumn('senderidapproved', 'text', empty)
    .addColumn('pendingsenderid', 'text', empty)
    .addColumn('referralcode', 'text', empty)
    .addColumn('referred_by', 'integer')
    .addColumn('creditbalance', 'double precision', zero)
    .addColumn('internationalcreditbalance', 'double precision', zero)
    .addColumn('creditexpires', ms, zero)
    .addColumn('content', 'text', (c) => c.notNull().defaultTo('local'))
    .addColumn('dashboardTab', 'integer', zero)
    .addColumn('scheduledsmsTab', 'integer', zero)
    .addColumn('recurringsmsTab', 'integer', zero)
    .addColumn('credithistoryTab', 'integer', zero)
    .addColumn('created_at', ms, notNull)
    .execute();
  // Usernames and e-mails are unique without regard to case.
  await db.schema.createIndex('users_username').on('users').expression(lower('username')).unique().execute();
  await db.schema.createIndex('users_email').on('users').expression(lower('email')).unique().execute();
  await db.schema.createIndex('users_apikey').on('users').column('apikey').unique().execute();
  await db.schema.createIndex('users_supid').on('users').column('supid').execute();
  await db.schema.createIndex('users_referralcode').on('users').column('referralcode').execute();
}

/** Each white-label domain and its settings. */
async function createDomains(dialect: DialectName, db: Kysely<unknown>, ms: Millis) {
  await withId(dialect, db.schema.createTable('domains'), 'domainprofile_id')
    .addColumn('host', 'text', (c) => c.notNull().unique())
    .addColumn('profile_id', 'integer', notNull)
    .addColumn('companyname', 'text', empty)
    .addColumn('telnumber', 'text', empty)
    .addColumn('logo', 'text', empty)
    .addColumn('backgroundImage', 'text', empty)
    .addColumn('localrate', 'text', empty)
    .addColumn('senderid', 'text', empty)
    .addColumn('usepaymentgateway', 'integer', zero)
    .addColumn('paystackpubkey', 'text', empty)
    .addColumn('paystackseckey', 'text', empty)
    .addColumn('enablereferral', 'integer', zero)
    .addColumn('referralpercentage', 'double precision', zero)
    .addColumn('enablereseller', 'integer', zero)
    .addColumn('recaptcha_site_key', 'text', empty)
    .addColumn('recaptcha_secret_key', 'text', empty)
    .addColumn('theme_color', 'text', empty)
    .addColumn('created_at', ms, notNull)
    .execute();
  await db.schema.createIndex('domains_profile').on('domains').column('profile_id').execute();
}

/** Sign-in sessions. */
async function createTokens(dialect: DialectName, db: Kysely<unknown>, ms: Millis) {
  await withId(dialect, db.schema.createTable('tokens'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('profile_id', 'integer', notNull)
    .addColumn('created_at', ms, notNull)
    .addColumn('expires_at', ms, notNull)
    .addColumn('revoked', 'integer', zero)
    .execute();
  await db.schema.createIndex('tokens_profile').on('tokens').column('profile_id').execute();
}

/** Sign-ups waiting for their code. */
async function createTemporalSignups(dialect: DialectName, db: Kysely<unknown>, ms: Millis) {
  await withId(dialect, db.schema.createTable('temporal_signups'))
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('username', 'text', notNull)
    .addColumn('companyname', 'text', empty)
    .addColumn('email', 'text', notNull)
    .addColumn('phone', 'text', notNull)
    .addColumn('country', 'text', notNull)
    .addColumn('password_hash', 'text', notNull)
    .addColumn('referralcode', 'text', empty)
    .addColumn('supid', 'integer', notNull)
    .addColumn('domain', 'text', empty)
    .addColumn('verified', 'integer', zero)
    .addColumn('profile_id', 'integer')
    .addColumn('created_at', ms, notNull)
    .execute();
}

/** Sign-up and reset codes. */
async function createCodes(dialect: DialectName, db: Kysely<unknown>, ms: Millis) {
  await withId(dialect, db.schema.createTable('codes'))
    .addColumn('purpose', 'text', notNull)
    .addColumn('subject_id', 'integer', notNull)
    .addColumn('code_hash', 'text', notNull)
    .addColumn('expires_at', ms, notNull)
    .addColumn('attempts_left', 'integer', notNull)
    .addColumn('sends_left', 'integer', notNull)
    .addColumn('used', 'integer', zero)
    .addColumn('created_at', ms, notNull)
    .execute();
  // One code row per sign-up or account: resends update it, so send counts cannot be dodged.
  await db.schema.createIndex('codes_subject').on('codes').columns(['purpose', 'subject_id']).unique().execute();
  await db.schema.createIndex('codes_hash').on('codes').columns(['purpose', 'code_hash']).execute();
}

/** Attempt counters. */
async function createRateLimits(db: Kysely<unknown>, ms: Millis) {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', ms, notNull)
    .addColumn('count', 'integer', notNull)
    .execute();
}

/** The simulator's log: the dev inbox. */
async function createCarrierMessages(dialect: DialectName, db: Kysely<unknown>, ms: Millis) {
  await withId(dialect, db.schema.createTable('carrier_messages'))
    .addColumn('to_number', 'text', notNull)
    .addColumn('from_id', 'text', notNull)
    .addColumn('text', 'text', notNull)
    .addColumn('job_id', 'text')
    .addColumn('recipient_index', 'integer')
    .addColumn('message_id', 'integer')
    .addColumn('status', 'text', notNull)
    .addColumn('created_at', ms, notNull)
    .execute();
  await db.schema.createIndex('carrier_to').on('carrier_messages').columns(['to_number', 'id']).execute();
  await db.schema.createIndex('carrier_job').on('carrier_messages').columns(['job_id', 'recipient_index']).execute();
  await db.schema.createIndex('carrier_message').on('carrier_messages').columns(['message_id', 'id']).execute();
}

function lower(column: string) {
  return sql`lower(${sql.ref(column)})`;
}
