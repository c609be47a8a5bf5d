import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db, DialectName } from './database';
import { core } from './migrations/001-core';
import { messaging } from './migrations/002-messaging';
import { phonebookAndPayments } from './migrations/003-phonebook-payments';
import { recipientEncoding } from './migrations/004-recipient-encoding';
import { hashedApiKeys } from './migrations/005-hashed-api-keys';
import { domainVerification } from './migrations/006-domain-verification';
import { testSenderId } from './migrations/007-test-sender-id';
import { checkoutProvider } from './migrations/008-checkout-provider';
import { carrierParts } from './migrations/009-carrier-parts';
import { checkoutReservations } from './migrations/010-checkout-reservations';
import { domainClaims } from './migrations/011-domain-claims';
import { recipientEvents } from './migrations/012-recipient-events';
import { optOuts } from './migrations/014-optouts';
import { apiKeys } from './migrations/015-api-keys';
import { webhooks } from './migrations/016-webhooks';
import { smppAccess } from './migrations/017-smpp-access';
import { deliveryCounters } from './migrations/018-delivery-counters';
import { accountSecurity } from './migrations/019-account-security';
import { webhookCallbacks } from './migrations/020-webhook-callbacks';
import { contactConsent } from './migrations/021-contact-consent';
import { smppRate } from './migrations/022-smpp-rate';
import { receiptsWaiting } from './migrations/023-receipts-waiting';
import { leanIndexes } from './migrations/024-lean-indexes';
import { webhookFairness } from './migrations/025-webhook-fairness';
import { hashedIdempotencyKeys } from './migrations/027-hashed-idempotency-keys';
import { eraseFence } from './migrations/028-erase-fence';
import { sendAnswersCreatedIndex } from './migrations/029-send-answers-created-index';
import { oneIdempotencyStore } from './migrations/030-one-idempotency-store';
import { personalTemplates } from './migrations/031-personal-templates';
import { erasedCounters } from './migrations/032-erased-counters';
import { mailOutbox } from './migrations/034-mail-outbox';
import { invoices } from './migrations/035-invoices';
import { creditLedger } from './migrations/033-credit-ledger';
import { unconfirmedEvent } from './migrations/036-unconfirmed-event';
import { alertsAndCaps } from './migrations/037-alerts-and-caps';
import { templates } from './migrations/038-templates';
import { teamMembers } from './migrations/039-team-members';
import { autoTopup } from './migrations/040-auto-topup';
import { quietHours } from './migrations/042-quiet-hours';
import { approvals } from './migrations/043-approvals';
import { shortLinks } from './migrations/041-short-links';
import { autoTopupCredits } from './migrations/044-auto-topup-credits';
import { memberActions } from './migrations/045-member-actions';
import { ledgerByCause } from './migrations/046-ledger-by-cause';
import { legalPages } from './migrations/047-legal-pages';
import { memberTwoStep } from './migrations/048-member-two-step';
import { shortLinkUrls } from './migrations/049-short-link-urls';
import { shortLinkErasure } from './migrations/050-short-link-erasure';

// Migrations are code, not files found at run time, so the same list runs from tsx, tests and bundles.
// Branches merged in any order add numbers below the latest, so unordered migrations are allowed.
// Each migration must use the executor Kysely passes to up(): the outer db would deadlock SQLite.
export const migrations: Record<string, (dialect: DialectName) => Migration> = {
  '001-core': core,
  '002-messaging': messaging,
  '003-phonebook-payments': phonebookAndPayments,
  '004-recipient-encoding': recipientEncoding,
  '005-hashed-api-keys': hashedApiKeys,
  '006-domain-verification': domainVerification,
  '007-test-sender-id': testSenderId,
  '008-checkout-provider': checkoutProvider,
  '009-carrier-parts': carrierParts,
  '010-checkout-reservations': checkoutReservations,
  '011-domain-claims': domainClaims,
  '012-recipient-events': recipientEvents,
  '014-optouts': optOuts,
  '015-api-keys': apiKeys,
  '016-webhooks': webhooks,
  '017-smpp-access': smppAccess,
  '018-delivery-counters': deliveryCounters,
  '019-account-security': accountSecurity,
  '020-webhook-callbacks': webhookCallbacks,
  '021-contact-consent': contactConsent,
  '022-smpp-rate': smppRate,
  '023-receipts-waiting': receiptsWaiting,
  '024-lean-indexes': leanIndexes,
  '025-webhook-fairness': webhookFairness,
  '027-hashed-idempotency-keys': hashedIdempotencyKeys,
  '028-erase-fence': eraseFence,
  '029-send-answers-created-index': sendAnswersCreatedIndex,
  '030-one-idempotency-store': oneIdempotencyStore,
  '031-personal-templates': personalTemplates,
  '032-erased-counters': erasedCounters,
  '034-mail-outbox': mailOutbox,
  '033-credit-ledger': creditLedger,
  '035-invoices': invoices,
  '036-unconfirmed-event': unconfirmedEvent,
  '037-alerts-and-caps': alertsAndCaps,
  '038-templates': templates,
  '039-team-members': teamMembers,
  '040-auto-topup': autoTopup,
  '042-quiet-hours': quietHours,
  '041-short-links': shortLinks,
  '043-approvals': approvals,
  '044-auto-topup-credits': autoTopupCredits,
  '045-member-actions': memberActions,
  '046-ledger-by-cause': ledgerByCause,
  '047-legal-pages': legalPages,
  '048-member-two-step': memberTwoStep,
  '049-short-link-urls': shortLinkUrls,
  '050-short-link-erasure': shortLinkErasure,
};

function migrator(db: Db): Migrator {
  const provider: MigrationProvider = {
    getMigrations: async () =>
      Object.fromEntries(Object.entries(migrations).map(([name, make]) => [name, make(db.dialectName)])),
  };
  return new Migrator({ db, provider, allowUnorderedMigrations: true });
}

export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await migrator(db).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
}

/** Migrations this gateway knows that the database has not run (readiness: an instance older than its schema is fine). */
export async function pendingMigrations(db: Db): Promise<number> {
  return (await migrator(db).getMigrations()).filter((m) => !m.executedAt).length;
}
