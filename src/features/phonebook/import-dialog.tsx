import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  List,
  Modal,
  Progress,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { CONTACT_FIELD_LABELS, CONTACT_FIELDS } from '../../domain/contacts/contact-fields';
import { RECOGNISED_HEADINGS } from '../../domain/contacts/contact-headings';
import { contactAt, type ContactSheet } from '../../domain/contacts/contact-sheet';
import { SELECT_EXCEL_FILE } from '../../domain/contacts/file-types';
import type { StoredGroup } from '../../db/app-db';
import { readContactsFile, type ContactsReading } from '../../excel/contacts-file';
import { TEMPLATE_FILE_NAME, writeContactsTemplate } from '../../excel/contacts-template';
import {
  countAlreadyInBook,
  importContacts,
  type ImportCheckpoint,
  type ImportProgress,
} from '../../sync/contact-import';
import { displayPhone } from '../../domain/numbers/phone-number';
import { countText } from '../../domain/plural';
import { emitAlert } from '../../notify/alerts-bus';
import { downloadBytes } from '../../ui/download';

const PREVIEW_ROWS = 5;
const LISTED_SET_ASIDE = 10;
const count = (n: number) => n.toLocaleString('en-US');

type Stage =
  | { kind: 'choose'; error?: string; sheetNames?: string[] }
  | { kind: 'reading'; fraction: number; stage: string }
  | {
      kind: 'ready';
      fileName: string;
      sheet: ContactSheet;
      inBook: number;
      error?: string;
      checkpoint?: ImportCheckpoint;
    }
  | { kind: 'loading'; fileName: string; sheet: ContactSheet; inBook: number; progress: ImportProgress };

const PHONE_COLUMN = CONTACT_FIELDS.indexOf('phonenumber');

/** What the dialog starts with: a file opened with the app or dropped on the book, or people picked from the phone. */
export type ImportStart = { file: File } | { picked: ContactSheet };

/** Contacts from a sheet (docs/product.md#for-contacts): Sheet1 read in the worker, a preview and the count, then loaded in parts. */
export function ImportDialog({
  group,
  start,
  onClose,
}: {
  group: StoredGroup;
  start?: ImportStart;
  onClose: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'choose' });
  const reading = useRef<ContactsReading | null>(null);
  useEffect(() => () => reading.current?.cancel(), []);
  const picked = start && 'picked' in start ? start.picked : null;

  // `sheet`: the sheet the user named when the file has no Sheet1 (the Sheet1 message, with the choice beside it).
  const read = async (chosen: File | null, sheet?: string) => {
    setFile(chosen);
    reading.current?.cancel();
    if (!chosen) return setStage({ kind: 'choose', error: SELECT_EXCEL_FILE });
    setStage({ kind: 'reading', fraction: 0, stage: 'Reading the file' });
    const job = readContactsFile(chosen, {
      sheet,
      onProgress: (fraction: number, s: string) => setStage({ kind: 'reading', fraction, stage: s }),
    });
    reading.current = job;
    try {
      const result = await job.result;
      if (reading.current !== job) return;
      if (!result.ok) return setStage({ kind: 'choose', error: result.message, sheetNames: result.sheetNames });
      // The device's copy of the book tells what the gateway will skip; the gateway decides (docs/product.md#phone-numbers).
      const inBook = await countAlreadyInBook(group.id, result.sheet.table.columns[PHONE_COLUMN] ?? []).catch(() => 0);
      if (reading.current !== job) return;
      setStage({ kind: 'ready', fileName: result.fileName, sheet: result.sheet, inBook });
    } catch (error) {
      if (reading.current === job) setStage({ kind: 'choose', error: (error as Error).message });
    }
  };

  // Checked against the device's copy of the book, as a file's rows are.
  const take = async (sheet: ContactSheet, fileName: string) => {
    const inBook = await countAlreadyInBook(group.id, sheet.table.columns[PHONE_COLUMN] ?? []).catch(() => 0);
    setStage({ kind: 'ready', fileName, sheet, inBook });
  };
  // The dialog starts once, with what it was opened with, once it shows.
  const [begun] = useState(() => Promise.resolve(start));
  useEffect(() => {
    void begun.then((first) => {
      if (first && 'file' in first) return read(first.file);
      if (first) return take(first.picked, '');
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  }, [begun]);

  const load = async (ready: Extract<Stage, { kind: 'ready' }>) => {
    const show = (progress: ImportProgress) => setStage({ ...ready, kind: 'loading', progress });
    show({ phase: 'sending', done: 0, total: ready.sheet.table.length });
    const result = await importContacts(group.id, group.groupname, ready.sheet.table, show, ready.checkpoint);
    if (result.status === 'done') {
      emitAlert({ message: result.message, status: 'successful' });
      onClose();
      return;
    }
    setStage({ ...ready, kind: 'ready', error: result.message, checkpoint: result.checkpoint });
  };

  const busy = stage.kind === 'reading' || stage.kind === 'loading';
  return (
    <Modal
      opened
      onClose={busy ? () => {} : onClose}
      title={picked ? 'Add from phone contacts' : 'Load contacts from Excel'}
      centered
      size="xl"
    >
      <Stack gap="sm">
        <Text size="sm" display={picked ? 'none' : undefined}>
          The contacts must be on a sheet named Sheet1, with headings in the first row. Columns read:{' '}
          {CONTACT_FIELDS.map((f) => `${CONTACT_FIELD_LABELS[f]} (${RECOGNISED_HEADINGS[f].join(', ')})`).join('; ')}.{' '}
          <Anchor
            component="button"
            type="button"
            onClick={() => downloadBytes(writeContactsTemplate(), TEMPLATE_FILE_NAME)}
          >
            Download the template
          </Anchor>
        </Text>
        <FileInput
          display={picked ? 'none' : undefined}
          label="Excel file"
          placeholder="Choose a file (xlsx, xlsm, xls, xml or csv)"
          accept=".xlsx,.xlsm,.xls,.xml,.csv"
          value={file}
          onChange={(f) => void read(f)}
          clearable
          disabled={busy}
          error={stage.kind === 'choose' ? stage.error : undefined}
        />
        {stage.kind === 'choose' && stage.sheetNames && stage.sheetNames.length > 0 && (
          <Select
            label="Sheet with the contacts"
            description="Or rename that sheet to Sheet1 in the file and load it again"
            placeholder="Choose the sheet"
            data={stage.sheetNames}
            value={null}
            onChange={(sheet) => sheet && void read(file, sheet)}
          />
        )}
        {stage.kind === 'reading' && (
          <Stack gap={4}>
            <Text size="sm">{stage.stage}</Text>
            <Progress value={stage.fraction * 100} aria-label="Reading the file" animated />
          </Stack>
        )}
        {(stage.kind === 'ready' || stage.kind === 'loading') && (
          <SheetPreview sheet={stage.sheet} inBook={stage.inBook} fromPhone={!!picked} />
        )}
        {stage.kind === 'loading' && <LoadProgress progress={stage.progress} />}
        {stage.kind === 'ready' && stage.error && (
          <Alert color="red" variant="light" role="alert">
            {stage.error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            onClick={() => (stage.kind === 'ready' ? void load(stage) : void read(file))}
            loading={busy}
            disabled={stage.kind === 'ready' && stage.sheet.table.length === 0}
          >
            {stage.kind === 'ready' || stage.kind === 'loading'
              ? `Load ${count(stage.sheet.table.length)} contacts`
              : 'Read file'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

// People picked on the phone have no sheet rows: they are shown and named without row numbers.
function SheetPreview({ sheet, inBook, fromPhone }: { sheet: ContactSheet; inBook: number; fromPhone: boolean }) {
  const { table } = sheet;
  const rows = Array.from({ length: Math.min(PREVIEW_ROWS, table.length) }, (_, i) => contactAt(table, i));
  const ignored = sheet.headings.filter((h) => h.heading && !h.field).map((h) => h.heading);
  return (
    <Stack gap="xs">
      <Text fw={600}>{count(table.length)} contacts ready to load</Text>
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
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
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
                    <Table.Td key={f}>{f === 'phonenumber' ? displayPhone(c[f]) : c[f]}</Table.Td>
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

function LoadProgress({ progress }: { progress: ImportProgress }) {
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
