import { Button } from '@mantine/core';
import type { PickedPerson } from '../domain/send/picked-contacts';

// The Contact Picker (Android's Chromium): names and numbers chosen by the person, each time,
// several at once; nothing is read without it (docs/architecture.md#files-and-contacts-in).
type ContactInfo = { name?: string[]; tel?: string[] };
type ContactsManager = { select(properties: string[], options: { multiple: boolean }): Promise<ContactInfo[]> };
const contactsManager = (): ContactsManager | undefined =>
  typeof window !== 'undefined' && 'ContactsManager' in window
    ? (navigator as Navigator & { contacts?: ContactsManager }).contacts
    : undefined;

/** "Add from phone contacts", where the browser has the picker: absent everywhere else. Each person: their name, their first number. */
export function PhoneContactsButton({
  onPicked,
  compact = false,
}: {
  onPicked: (people: PickedPerson[]) => void;
  /** Small, under a field (the send form's numbers); full size beside other buttons (a phone book's). */
  compact?: boolean;
}) {
  const manager = contactsManager();
  if (!manager) return null;
  const pick = async () => {
    try {
      const picked = await manager.select(['name', 'tel'], { multiple: true });
      const people = picked.flatMap((contact) =>
        contact.tel?.[0] ? [{ name: contact.name?.[0]?.trim() ?? '', tel: contact.tel[0] }] : [],
      );
      if (people.length > 0) onPicked(people);
    } catch {
      // The person closed the picker: nothing chosen, nothing to say.
    }
  };
  return (
    <Button
      variant="light"
      size={compact ? 'compact-sm' : 'sm'}
      onClick={() => void pick()}
      style={{ alignSelf: 'flex-start' }}
    >
      Add from phone contacts
    </Button>
  );
}
