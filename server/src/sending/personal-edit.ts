import { messageBodyFor } from '../../../src/domain/messages/sender-id';
import { personalize } from '../../../src/domain/messages/personalize';
import type { DialectName, Executor } from '../db/database';
import type { MessageRow } from '../db/schema-messaging';
import { refuse } from '../core/errors';
import { yieldToLoop } from '../core/event-loop';
import { parseFields, templatesWithFields } from '../messaging/recipient-fields';
import { writeTemplateTexts, type TemplateText } from '../messaging/template-texts';
import { measure } from './send-items';

/** Templates filled between two yields to the event loop. */
const FILL_CHUNK = 2000;

/** What the registration's texts become: its own text (its first recipient's) and what the change costs. */
export interface Refill {
  shortMessage: string;
  unicode: boolean;
  parts: number;
  /** Recipients, and the parts one delivery to all of them now takes. */
  recipients: number;
  credits: number;
  /** Credits to charge (above 0) or refund (below 0): the parts change of the prepaid first deliveries. */
  delta: number;
}

/** The refusal of a recipient's text that does not fit in 9 parts, naming the recipient. */
function measured(text: string, unicodeFlag: boolean, number: string) {
  try {
    return measure(text, unicodeFlag);
  } catch (error) {
    throw refuse(`The text for ${number}: ${(error as Error).message}`);
  }
}

/**
 * Fills every recipient's text again from `template` and its own values (docs/product.md#personalisation)
 * and, unless `write` is false (a quote), stores the texts that changed. Runs in the edit's transaction,
 * which holds the registration's row: the parts it compares are those stored now.
 */
export async function refillTemplates(
  trx: Executor,
  dialect: DialectName,
  reg: Pick<MessageRow, 'id'>,
  sender: string,
  template: string,
  unicodeFlag: boolean,
  write: boolean,
): Promise<Refill | null> {
  let head: { text: string; unicode: boolean; parts: number } | null = null;
  let recipients = 0;
  let credits = 0;
  let delta = 0;
  for (let after = -1; ;) {
    const rows = await templatesWithFields(trx, reg.id, after, FILL_CHUNK);
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.recipient_index;
    const changed: TemplateText[] = [];
    for (const r of rows) {
      const text = messageBodyFor(sender, personalize(template, parseFields(r.fields)));
      const { unicode, parts } = measured(text, unicodeFlag, r.number);
      head ??= { text, unicode, parts };
      const follows = text === head.text && unicode === head.unicode;
      const next = { id: r.id, text: follows ? null : text, unicode: follows ? null : unicode ? 1 : 0, parts };
      if (next.text !== r.text || next.unicode !== r.unicode || parts !== r.parts) changed.push(next);
      recipients += 1;
      credits += parts;
      if (r.paid === 1) delta += parts - r.parts;
    }
    if (write) await writeTemplateTexts(trx, dialect, reg.id, changed);
    await yieldToLoop();
  }
  if (!head) return null;
  return { shortMessage: head.text, unicode: head.unicode, parts: head.parts, recipients, credits, delta };
}
