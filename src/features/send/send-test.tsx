import { prepareMessageText } from '../../domain/messages/message-text';
import { sendTestToSelf } from '../../sync/templates';
import { TestToSelfButton } from '../../ui/test-to-self-button';
import { useOnline } from '../../ui/use-online';
import type { SendPlan } from './use-send-plan';
import type { SendFormFields } from './send-form-state';

/**
 * "Send a test to me" on the send form (docs/product.md#a-test-to-yourself): the text with its fields
 * filled from the first recipient, to the signed-in person's own phone.
 */
export function SendTest({ fields, plan, ownPhone }: { fields: SendFormFields; plan: SendPlan; ownPhone: string }) {
  const online = useOnline();
  const first = plan.recipients[0];
  const values = fields.subtype === 'personalized' ? first?.fields : undefined;
  const blocked = !online
    ? 'A test needs a connection'
    : !fields.text.trim()
      ? 'Type the message to test it'
      : !fields.senderId
        ? 'Choose a sender ID to test it'
        : null;
  const send = () =>
    sendTestToSelf({
      sourceAddress: fields.senderId,
      // As the send would go: plain apostrophes, {age} only where the send keeps it.
      text: prepareMessageText(fields.text, fields),
      ...(values ? { fields: { ...values } } : {}),
    });
  return (
    <TestToSelfButton
      ownPhone={ownPhone}
      onSend={send}
      blocked={blocked}
      {...(values && first ? { filledFrom: `the first recipient (${first.number})` } : {})}
    />
  );
}
