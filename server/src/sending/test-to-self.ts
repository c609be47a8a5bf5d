// A test to yourself (docs/product.md#a-test-to-yourself): one text to the account's own phone, through
// the send path like any send (its sender checked, its parts charged), marked as a test on the dashboard.
import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import { refuse } from '../core/errors';
import { acceptSend } from './accept-send';
import { sendItemSchema } from '../../../src/domain/contract/send';
import { normalizeApostrophes } from '../../../src/domain/messages/message-text';
import { fillTemplate } from '../../../src/domain/templates/template-rules';
import { EMPTY_MESSAGE } from '../../../src/domain/send/send-form';
import { NO_OWN_PHONE, TEST_TO_SELF_NAME } from '../../../src/domain/templates/test-to-self';

export type TestToSelf = { sourceAddress: string; text: string; fields?: Readonly<Record<string, string>> | undefined };

export async function sendTestToSelf(ctx: GatewayContext, user: UserRow, test: TestToSelf) {
  const own = user.telnumber.trim();
  if (!own) throw refuse(NO_OWN_PHONE);
  const text = normalizeApostrophes(test.fields ? fillTemplate(test.text, test.fields) : test.text);
  if (!text.trim()) throw refuse(EMPTY_MESSAGE);
  const item = sendItemSchema.parse({
    shortMessage: text,
    destinationAddress: own,
    sourceAddress: test.sourceAddress,
    messageDescription: TEST_TO_SELF_NAME,
    messageType: 'quick sms',
    typeandsubtype: 'quick:regular',
  });
  const answer = await acceptSend(ctx, user, [item], null, { testToSelf: true });
  return {
    message: `Test sent to ${own}`,
    message_id: answer.message_id,
    to: own,
    creditbalance: answer.creditbalance,
    internationalcreditbalance: answer.internationalcreditbalance,
  };
}
