import { Alert, List, Progress, Stack, Table, Text } from '@mantine/core';
import { CONTACT_FIELD_LABELS, CONTACT_FIELDS } from '../../domain/contacts/contact-fields';
import { contactAt, type ContactSheet } from '../../domain/contacts/contact-sheet';
import type { ImportProgress } from '../../sync/contact-import';
import { displayPhone } from '../../domain/numbers/phone-number';
import { countText } from '../../domain/plural';
import { importReady } from '../../domain/contacts/phonebook';
import { leftOutLines } from '../../domain/contacts/import-row';
import { formatNumber } from '../../domain/numbers/number-format';

const PREVIEW_ROWS = 5;
const LISTED_SET_ASIDE = 10;
/** Numbers and dates read whole on one line; the table scrolls sideways on a phone instead. */
const UNBROKEN: ReadonlySet<string> = new Set(['phonenumber', 'birthday', 'consentdate']);
export const count = (n: number) => formatNumber(n);

// People picked on the phone have no sheet rows: they are shown and named without row numbers.
export function SheetPreview({
  sheet,
  inBook,
  fromPhone,
}: {
  sheet: ContactSheet;
  inBook: number;
  fromPhone: boolean;
}) {
  const { table } = sheet;
  const rows = Array.from({ length: Math.min(PREVIEW_ROWS, table.length) }, (_, i) => contactAt(table, i));
  const ignored = sheet.headings.filter((h) => h.heading && !h.field).map((h) => h.heading);
  const { ready, heading } = importReady(table.length, inBook);
  // With nothing new, nothing is loaded: no field is left out either.
  const leftOut = ready > 0 ? leftOutLines(sheet.leftOut, fromPhone) : [];
  return (
    <Stack gap="xs">
      <Text fw={600} data-testid="import-ready">
        {heading}
      </Text>
      {ignored.length > 0 && <Text size="sm">Columns not read: {ignored.join(', ')}</Text>}
      {(inBook > 0 || sheet.repeatCount > 0) && (
        <Alert color="blue" variant="light" data-testid="import-skips">
          <List size="sm">
            {inBook > 0 && (
              <List.Item>
                {inBook === 1 ? '1 contact is' : `${count(inBook)} contacts are`} already in this phone book: skipped
              </List.Item>
            )}
            {sheet.repeatCount > 0 && (
              <List.Item>
                {sheet.repeatCount === 1 ? '1 row repeats' : `${count(sheet.repeatCount)} rows repeat`} the number of an
                earlier row: skipped
              </List.Item>
            )}
          </List>
        </Alert>
      )}
      {leftOut.length > 0 && (
        <Alert color="yellow" variant="light" data-testid="import-left-out" title="Loaded without these fields">
          <List size="sm">
            {leftOut.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={760}>
          <Table striped withTableBorder fz="sm" aria-label="First rows of the sheet">
            <Table.Thead>
              <Table.Tr>
                {!fromPhone && <Table.Th>Row</Table.Th>}
                {CONTACT_FIELDS.map((f) => (
                  <Table.Th key={f}>{CONTACT_FIELD_LABELS[f]}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((c, i) => (
                <Table.Tr key={i}>
                  {!fromPhone && <Table.Td>{table.rows[i]}</Table.Td>}
                  {CONTACT_FIELDS.map((f) => (
                    <Table.Td key={f} style={UNBROKEN.has(f) ? { whiteSpace: 'nowrap' } : undefined}>
                      {f === 'phonenumber' ? displayPhone(c[f]) : c[f]}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {sheet.setAsideCount > 0 && (
        <Alert
          color="yellow"
          variant="light"
          title={`${countText(sheet.setAsideCount, fromPhone ? 'contact' : 'row')} will not be loaded`}
        >
          <List size="sm">
            {sheet.setAside.slice(0, LISTED_SET_ASIDE).map((r) => (
              <List.Item key={r.row}>{fromPhone ? r.reason : `Row ${r.row}: ${r.reason}`}</List.Item>
            ))}
          </List>
          {sheet.setAsideCount > LISTED_SET_ASIDE && (
            <Text size="sm">and {count(sheet.setAsideCount - LISTED_SET_ASIDE)} more</Text>
          )}
        </Alert>
      )}
    </Stack>
  );
}

/** The load under way: sent to the gateway, then saved on this device. */
export function LoadProgress({ progress }: { progress: ImportProgress }) {
  const label = progress.phase === 'sending' ? 'Loading contacts' : 'Saving the contacts on this device';
  return (
    <Stack gap={4}>
      <Text size="sm">
        {label}: {count(progress.done)} of {count(progress.total)}
      </Text>
      <Progress value={progress.total ? (progress.done / progress.total) * 100 : 0} aria-label={label} animated />
    </Stack>
  );
}
