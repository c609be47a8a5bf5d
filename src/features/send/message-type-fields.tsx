import { Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { MESSAGE_KINDS, MESSAGE_KIND_LABELS, contactSourcesFor } from '../../domain/messages/message-kinds';
import { TEST_SENDER_ID } from '../../domain/messages/sender-id';
import { displayPhone } from '../../domain/numbers/phone-number';
import type { ContactSource, MessageKind, MessageSubtype } from '../../domain/types';
import type { SendFormApi } from './use-send-form';
import { CAMPAIGN_NAME_MAX_LENGTH } from '../../domain/constants';

const SUBTYPE_LABELS: Record<MessageSubtype, string> = { regular: 'Regular', personalized: 'Personalized' };
const SOURCE_LABELS: Record<ContactSource, string> = {
  manual: 'Type or paste numbers',
  excel: 'Excel or CSV file',
  phonebook: 'Phone book',
};

/** Said beside the source when Personalized set it to a sheet, by the source it replaced (docs/product.md#contact-sources). */
export const SOURCE_SWITCHED_NOTES = {
  manual:
    'Personalized messages fill in each contact’s fields, and typed numbers have none: the contact source is now Excel or CSV file. Choose Phone book to use a book instead, or Regular to go back to your typed numbers.',
  phonebook:
    'Personalized sets the contact source to Excel or CSV file. Your phone books are still chosen: choose Phone book as the contact source to personalise from them, or Regular to go back.',
} as const;

/** Said under the Sender ID when 'TEST' is chosen (docs/product.md#sender-ids). */
export const testSenderNote = (ownPhone: string): string =>
  `TEST sends a notice to apply for your own sender ID instead of your text, and only to your own number${
    ownPhone.trim() ? ` (${displayPhone(ownPhone)})` : ''
  }`;

type Props = { form: SendFormApi; senderIds: readonly string[]; ownPhone: string };

/** Message type, sub-type, contact source, sender ID and campaign name (docs/product.md#the-send-form). */
export function MessageTypeFields({ form, senderIds, ownPhone }: Props) {
  const { fields, set } = form;
  const sources = contactSourcesFor(fields.subtype);
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Select
          label="Message type"
          data={MESSAGE_KINDS.map((kind) => ({ value: kind, label: MESSAGE_KIND_LABELS[kind] }))}
          value={fields.messageType}
          onChange={(value) => value && set('messageType', value as MessageKind)}
          allowDeselect={false}
        />
        <Select
          label="Sub-type"
          data={(['regular', 'personalized'] as const).map((s) => ({ value: s, label: SUBTYPE_LABELS[s] }))}
          value={fields.subtype}
          onChange={(value) => value && set('subtype', value as MessageSubtype)}
          allowDeselect={false}
        />
        <Select
          label="Contact source"
          data={sources.map((s) => ({ value: s, label: SOURCE_LABELS[s] }))}
          value={fields.source}
          onChange={(value) => value && set('source', value as ContactSource)}
          allowDeselect={false}
          aria-describedby={fields.sourceSwitchedFrom ? 'source-note' : undefined}
        />
      </SimpleGrid>
      {fields.sourceSwitchedFrom && fields.sourceSwitchedFrom !== 'excel' && (
        <Text size="sm" c="blue.9" id="source-note" data-testid="source-note">
          {SOURCE_SWITCHED_NOTES[fields.sourceSwitchedFrom]}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label="Sender ID"
          placeholder={senderIds.length ? 'Choose a sender ID' : 'No approved sender ID yet'}
          data={[...senderIds]}
          value={fields.senderId || null}
          onChange={(value) => set('senderId', value ?? '')}
          allowDeselect={false}
          description={fields.senderId === TEST_SENDER_ID ? testSenderNote(ownPhone) : undefined}
        />
        <TextInput
          label="Campaign name (optional)"
          value={fields.campaign}
          maxLength={CAMPAIGN_NAME_MAX_LENGTH}
          onChange={(event) => set('campaign', event.currentTarget.value)}
        />
      </SimpleGrid>
      {senderIds.length === 0 && (
        <Text size="sm" c="orange.9">
          You have no approved sender ID yet: request one from your profile page.
        </Text>
      )}
    </>
  );
}
