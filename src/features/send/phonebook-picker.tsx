import { MultiSelect, Text } from '@mantine/core';
import type { PhonebookSource } from './use-phonebook-source';

/** One or several of the user's phone books, from the device's copy (works offline). */
export function PhonebookPicker({
  source,
  value,
  onChange,
}: {
  source: PhonebookSource;
  value: string[];
  onChange: (ids: string[]) => void;
}) {
  const groups = source.groups ?? [];
  return (
    <>
      <MultiSelect
        label="Phone books"
        placeholder={groups.length ? 'Choose one or more phone books' : 'You have no phone book yet'}
        data={groups.map((g) => ({ value: String(g.id), label: `${g.groupname} (${g.contactcount})` }))}
        value={value}
        onChange={onChange}
        searchable
        clearable
        hidePickedOptions
      />
      {source.status === 'stored' && (
        <Text size="sm" c="dimmed">
          Showing the phone books saved on this device.
        </Text>
      )}
    </>
  );
}
