import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import type { Executor } from '../db/database';
import { conflict, refuse } from '../core/errors';
import { recordAudit, type AuditSource } from '../audit/audit-log';
import { contactAnswer } from '../phonebook/groups';
import { contactsWithNumber, deleteContactsWithNumber } from '../phonebook/person-contacts';
import {
  maskNumberInMessages,
  maskNumberInSendAnswers,
  messagesToNumber,
  pendingToNumber,
} from '../messaging/person-messages';
import { maskNumberInCarrier } from '../carrier/person-parts';
import { eraseOptOutSide, inboundFrom, optOutRecord } from '../optouts/person';
import { optOutView } from '../optouts/suppression';
import { maskNumberInIntegrations } from '../integrations/person-answers';
import { maskNumberInSmpp } from '../smpp-server/person-submits';
import { moveEraseEpoch } from '../accounts/account-store';
import { clicksOfRecipients, eraseRecipientsLinks, messagesWithLinks } from '../links/person-links';
import { forgetLinks } from '../links/open';
import { PENDING_STAGES, STAGE } from '../db/schema-messaging';
import {
  PERSON_CONFIRM_MISMATCH,
  PERSON_NUMBER_INVALID,
  PERSON_STILL_SENDING,
  maskedPhone,
  personNumber,
  storedForms,
} from '../../../src/domain/account/person-data';

/**
 * A person's data (docs/compliance.md#a-persons-data): what one account holds about one phone
 * number, its export and its erasure. Always the caller's own account: the routes check that
 * profile_id is the caller's, and every query here is limited to it.
 */

/** The number of a request, canonical, or a 400 in the user's words. */
function numberOf(typed: string): string {
  const number = personNumber(typed);
  if (!number) throw refuse(PERSON_NUMBER_INVALID);
  return number;
}

const iso = (ms: number | null) => (ms === null ? '' : new Date(Number(ms)).toISOString());

/** What the account holds about the number, counted. */
export async function personSummary(ctx: GatewayContext, user: UserRow, typed: string) {
  const number = numberOf(typed);
  const forms = storedForms(number);
  const [contacts, messages, inbound, optout] = await Promise.all([
    contactsWithNumber(ctx.db, user.profile_id, forms),
    messagesToNumber(ctx.db, user.profile_id, forms),
    inboundFrom(ctx.db, user.profile_id, number),
    optOutRecord(ctx.db, user.profile_id, number),
  ]);
  return {
    number,
    contacts: contacts.length,
    messages: messages.length,
    pending: messages.filter((m) => PENDING_STAGES.includes(m.stage)).length,
    inbound: inbound.length,
    optout: optout ? optOutView(optout) : null,
  };
}

/**
 * A scheduled, recurring or birthday send's own row for the number, by the registration's state: its
 * runs are listed as messages of their own, with their delivery status.
 */
const REGISTRATION_STATUS = { active: 'SCHEDULED', done: 'FINISHED', deleted: 'CANCELLED' } as const;

async function everything(db: Executor, profileId: number, number: string) {
  const forms = storedForms(number);
  const contacts = await contactsWithNumber(db, profileId, forms);
  const messages = await messagesToNumber(db, profileId, forms);
  const optout = await optOutRecord(db, profileId, number);
  const inbound = await inboundFrom(db, profileId, number);
  // A send with short links counts each row's clicks (a scheduled send's on its own row: its runs send its links).
  const linked = await messagesWithLinks(
    db,
    messages.map((m) => m.message_id),
  );
  const clicks = await clicksOfRecipients(
    db,
    profileId,
    messages.filter((m) => linked.has(m.message_id)),
  );
  return {
    number,
    contacts: contacts.map((c) => ({ ...contactAnswer(c), groupname: c.groupname })),
    messages: messages.map((m) => ({
      message_id: m.message_id,
      time: iso(m.done_at ?? m.sent_at ?? m.queued_at),
      sender: m.source_address,
      text: m.text ?? m.short_message,
      status: m.stage === STAGE.template ? REGISTRATION_STATUS[m.state] : m.status,
      ...(linked.has(m.message_id) ? { clicks: clicks.get(m.id) ?? 0 } : {}),
    })),
    optout: optout ? optOutView(optout) : null,
    inbound: inbound.map((i) => ({ time: iso(i.received_at), to: i.to_address, text: i.text })),
  };
}

/** Everything held about the number, read and recorded (`data_exported`) in one transaction. */
export async function personExport(ctx: GatewayContext, user: UserRow, typed: string, source: AuditSource) {
  const number = numberOf(typed);
  return ctx.db.transaction().execute(async (trx) => {
    const data = await everything(trx, user.profile_id, number);
    await recordAudit(trx, {
      at: ctx.now(),
      actor: user,
      action: 'data_exported',
      source,
      // The log keeps the masked number: an erasure later must not leave it readable here.
      details: {
        kind: 'person',
        number: maskedPhone(number),
        count: data.contacts.length + data.messages.length + data.inbound.length,
      },
    });
    return data;
  });
}

/**
 * Erases the number from the account, in one transaction: its contacts deleted; the number masked
 * (all but its last three digits) wherever the account's history holds it; its opt-out kept, or
 * added, so it is never messaged again; the erasure recorded (`data_erased`). `confirm` must be the
 * same number, typed again. Refused while a message to it is still on its way.
 */
export async function erasePerson(
  ctx: GatewayContext,
  user: UserRow,
  typed: string,
  confirm: string,
  source: AuditSource,
) {
  const number = numberOf(typed);
  if (personNumber(confirm) !== number) throw refuse(PERSON_CONFIRM_MISMATCH);
  const forms = storedForms(number);
  return ctx.db
    .transaction()
    .execute(async (trx) => {
      const now = ctx.now();
      const profileId = user.profile_id;
      // First, the account's row: a send holding it commits before this looks for what is on its way,
      // and one screened before this commits is screened again (sending/erase-fence.ts).
      await moveEraseEpoch(trx, profileId);
      if ((await pendingToNumber(trx, profileId, forms)) > 0) throw conflict(PERSON_STILL_SENDING);
      const contactsDeleted = await deleteContactsWithNumber(trx, profileId, forms);
      const { recipientIds, messageIds, recipients } = await maskNumberInMessages(
        trx,
        ctx.db.dialectName,
        profileId,
        number,
        forms,
        now,
      );
      await maskNumberInSendAnswers(trx, profileId, number);
      await maskNumberInCarrier(trx, number, recipientIds, messageIds);
      await maskNumberInSmpp(trx, profileId, number, recipientIds);
      await maskNumberInIntegrations(trx, profileId, number);
      const links = await eraseRecipientsLinks(trx, profileId, recipients);
      const { optOutAdded, inboundMasked } = await eraseOptOutSide(trx, profileId, number, profileId, now);
      const outcome = {
        contactsDeleted,
        messagesMasked: recipientIds.length,
        inboundMasked,
        optOutAdded,
      };
      await recordAudit(trx, {
        at: now,
        actor: user,
        action: 'data_erased',
        source,
        details: {
          number: maskedPhone(number),
          ...outcome,
          linksDeleted: links.codes.length,
          clicksDeleted: links.clicks,
        },
      });
      return { answer: { number: maskedPhone(number), ...outcome }, codes: links.codes };
    })
    .then(({ answer, codes }) => {
      // Committed: this process's redirects no longer keep the erased links (links/open.ts).
      forgetLinks(ctx.db, codes);
      return answer;
    })
    .catch((error: unknown) => {
      // A send that took a row this erasure masks, then waited for the account's row: it is on its way.
      if (isDeadlock(error)) throw conflict(PERSON_STILL_SENDING);
      throw error;
    });
}

/** PostgreSQL gave up one of two transactions that waited for each other. */
const isDeadlock = (error: unknown) => (error as { code?: unknown } | null)?.code === '40P01';
