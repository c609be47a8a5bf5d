import { sql } from 'kysely';
import type { Executor } from '../db/database';

/**
 * The API messages behind recipients (docs/api-v1.md#webhooks): a recipient of a batch the API sent,
 * or the delivery of one in a run of a scheduled batch, which the API names by its template.
 * Recipients of other sends are left out.
 */
export interface ApiRecipient {
  recipientId: number;
  /** The recipient the API names the message by (the template for a run's delivery). */
  messageRecipientId: number;
  batchId: number;
  profileId: number;
  mode: string;
  number: string;
  reference: string;
  /** The callback endpoint its sendMessages named, if any. */
  callbackEndpointId: string | null;
}

const ID_CHUNK = 1000;

export async function apiRecipients(db: Executor, recipientIds: readonly number[]): Promise<ApiRecipient[]> {
  const found: ApiRecipient[] = [];
  for (let i = 0; i < recipientIds.length; i += ID_CHUNK) {
    const rows = await db
      .selectFrom('message_recipients as d')
      .innerJoin('messages as dm', 'dm.id', 'd.message_id')
      .leftJoin('messages as pm', 'pm.id', 'dm.parent_id')
      .leftJoin('message_recipients as t', (j) =>
        j.onRef('t.message_id', '=', 'pm.id').onRef('t.recipient_index', '=', 'd.recipient_index'),
      )
      .select([
        'd.id as recipientId',
        sql<number>`case when ${sql.ref('dm.api_mode')} <> '' then ${sql.ref('d.id')} else ${sql.ref('t.id')} end`.as(
          'messageRecipientId',
        ),
        sql<number>`case when ${sql.ref('dm.api_mode')} <> '' then ${sql.ref('dm.id')} else ${sql.ref('pm.id')} end`.as(
          'batchId',
        ),
        'dm.profile_id as profileId',
        sql<string>`case when ${sql.ref('dm.api_mode')} <> '' then ${sql.ref('dm.api_mode')} else ${sql.ref('pm.api_mode')} end`.as(
          'mode',
        ),
        'd.number',
        sql<string>`case when ${sql.ref('dm.api_mode')} <> '' then ${sql.ref('dm.reference')} else ${sql.ref('pm.reference')} end`.as(
          'reference',
        ),
        sql<
          string | null
        >`case when ${sql.ref('dm.api_mode')} <> '' then ${sql.ref('dm.api_callback')} else ${sql.ref('pm.api_callback')} end`.as(
          'callbackEndpointId',
        ),
      ])
      .where('d.id', 'in', recipientIds.slice(i, i + ID_CHUNK))
      .where((eb) =>
        eb.or([eb('dm.api_mode', '<>', ''), eb.and([eb('pm.api_mode', '<>', ''), eb('t.id', 'is not', null)])]),
      )
      .execute();
    for (const r of rows)
      found.push({
        ...r,
        recipientId: Number(r.recipientId),
        messageRecipientId: Number(r.messageRecipientId),
        batchId: Number(r.batchId),
      });
  }
  return found;
}
