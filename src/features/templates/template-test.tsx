import { useMemo, useState } from 'react';
import { Group, Select } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { contactsToFillFrom } from '../../db/template-store';
import { splitSenderIds } from '../../domain/messages/sender-id';
import { contactRecipient } from '../../domain/send/send-items';
import { useSession } from '../../sync/hooks/use-session';
import { sendTestToSelf } from '../../sync/templates';
import { TestToSelfButton } from '../../ui/test-to-self-button';
import { useOnline } from '../../ui/use-online';

const contactName = (c: { firstname: string; surname: string; phonenumber: string }) =>
  [c.firstname, c.surname].filter(Boolean).join(' ') || c.phonenumber;

/**
 * "Send a test to me" on the template screen (docs/product.md#a-test-to-yourself): the text as typed, its
 * fields filled from a contact of the phone books (the first one, or the one chosen).
 */
export function TemplateTest({ text }: { text: string }) {
  const session = useSession();
  const user = session.status === 'signed-in' ? session.user : null;
  const online = useOnline();
  const senders = useMemo(() => splitSenderIds(user?.senderidapproved ?? ''), [user?.senderidapproved]);
  const [sender, setSender] = useState<string | null>(null);
  const [contactId, setContactId] = useState<string | null>(null);
  const contacts = useLiveQuery(async () => (user ? contactsToFillFrom(user.profile_id) : []), [user?.profile_id]);
  if (!user) return null;
  const from = sender ?? senders[0] ?? null;
  const contact = contacts?.find((c) => String(c.id) === contactId) ?? contacts?.[0];
  const blocked = !online
    ? 'A test needs a connection'
    : !text.trim()
      ? 'Type the text to test it'
      : from === null
        ? 'You have no approved sender ID yet'
        : null;
  const send = () =>
    sendTestToSelf({
      sourceAddress: from ?? '',
      text,
      ...(contact ? { fields: { ...contactRecipient(contact, true, new Date()).fields } } : {}),
    });
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label="Test from"
        data={senders}
        value={from}
        onChange={setSender}
        allowDeselect={false}
        w={{ base: '100%', xs: 140 }}
      />
      <Select
        label="Fill fields from"
        placeholder={contacts?.length ? undefined : 'No contacts on this device'}
        data={(contacts ?? []).map((c) => ({ value: String(c.id), label: contactName(c) }))}
        value={contact ? String(contact.id) : null}
        onChange={setContactId}
        searchable
        allowDeselect={false}
        disabled={!contacts?.length}
        w={{ base: '100%', xs: 220 }}
      />
      <TestToSelfButton
        ownPhone={user.telnumber}
        onSend={send}
        blocked={blocked}
        {...(contact ? { filledFrom: contactName(contact) } : {})}
      />
    </Group>
  );
}
