import { Button } from '@mantine/core';

// The Contact Picker (Android's Chromium): names and numbers chosen by the person, each time,
// several at once; nothing is read without it (docs/architecture.md#files-and-contacts-in).
type PickedContact = { name?: string[]; tel?: string[] };
type ContactsManager = { select(properties: string[], options: { multiple: boolean }): Promise<PickedContact[]> };
const contactsManager = (): ContactsManager | undefined =>
  typeof window !== 'undefined' && 'ContactsManager' in window
    ? (navigator as Navigator & { contacts?: ContactsManager }).contacts
    : undefined;

/** "Add from phone contacts", where the browser has the picker: absent everywhere else. */
export function PhoneContactsButton({ onNumbers }: { onNumbers: (numbers: string[]) => void }) {
  const manager = contactsManager();
  if (!manager) return null;
  const pick = async () => {
    try {
      const picked = await manager.select(['name', 'tel'], { multiple: true });
      const numbers = picked.flatMap((contact) => (contact.tel?.[0] ? [contact.tel[0]] : []));
      if (numbers.length > 0) onNumbers(numbers);
    } catch {
      // The person closed the picker: nothing chosen, nothing to say.
    }
  };
  return (
    <Button variant="light" size="compact-sm" onClick={() => void pick()} style={{ alignSelf: 'flex-start' }}>
      Add from phone contacts
    </Button>
  );
}
