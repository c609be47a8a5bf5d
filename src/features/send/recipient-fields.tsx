import { Group, Loader, Text } from '@mantine/core';
import { PhoneContactsButton } from '../../ui/phone-contacts-button';
import { ExcelPicker } from './excel-picker';
import { PhonebookPicker } from './phonebook-picker';
import type { DraftExcel } from './use-draft-excel';
import type { PhonebookSource } from './use-phonebook-source';
import type { SendFormApi } from './use-send-form';
import { GrowingTextarea } from '../../ui/growing-textarea';

type Props = {
  form: SendFormApi;
  sheet: Pick<DraftExcel, 'excel' | 'file' | 'restoring'>;
  /** A sheet picked: the form's Excel source. */
  onFile: (file: File | null) => void;
  phonebook: PhonebookSource;
};

/** The recipients of the source chosen: numbers typed (or picked from the phone's contacts), a spreadsheet, or phone books. */
export function RecipientFields({ form, sheet, onFile, phonebook }: Props) {
  const { fields, set } = form;
  return (
    <>
      {fields.source === 'manual' && (
        <GrowingTextarea
          label="Mobile numbers"
          description="Separate numbers with commas, slashes or new lines"
          value={fields.numbers}
          onChange={(event) => set('numbers', event.currentTarget.value)}
          minRows={2}
          maxRows={8}
        />
      )}
      {fields.source === 'manual' && (
        <PhoneContactsButton
          compact
          onPicked={(picked) =>
            set('numbers', [fields.numbers.trim(), ...picked.map((p) => p.tel)].filter(Boolean).join('\n'))
          }
        />
      )}
      {fields.source === 'excel' &&
        (sheet.restoring ? (
          <Group gap="xs" role="status">
            <Loader size="xs" aria-hidden />
            <Text size="sm">Restoring your loaded sheet…</Text>
          </Group>
        ) : (
          <ExcelPicker excel={sheet.excel} file={sheet.file} onFile={onFile} />
        ))}
      {fields.source === 'phonebook' && (
        <PhonebookPicker source={phonebook} value={fields.groupIds} onChange={(ids) => set('groupIds', ids)} />
      )}
    </>
  );
}
