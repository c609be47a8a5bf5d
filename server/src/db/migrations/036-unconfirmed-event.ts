import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';

/**
 * The webhook event of a message with no delivery report is `message.unconfirmed` (it was
 * `message.sent`, which read as a success: docs/api-v1.md#webhooks). Endpoints keep taking it under
 * its new name; every delivery names it so, and a waiting one's body, signed when it is sent, carries
 * the new type. A delivery already sent keeps the body it was sent with.
 */
export function unconfirmedEvent(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`update webhook_endpoints set events = replace(events, 'message.sent', 'message.unconfirmed')
        where events like '%message.sent%'`.execute(db);
      await sql`update webhook_deliveries
        set payload = replace(payload, '"type":"message.sent"', '"type":"message.unconfirmed"')
        where event_type = 'message.sent' and state = 'pending'`.execute(db);
      await sql`update webhook_deliveries set event_type = 'message.unconfirmed'
        where event_type = 'message.sent'`.execute(db);
    },
  };
}
