import { Alert, Anchor, Button, FileInput, Group, Modal, Progress, Select, Stack, Text } from '@mantine/core';
import { CONTACT_FIELD_LABELS, CONTACT_FIELDS } from '../../domain/contacts/contact-fields';
import { RECOGNISED_HEADINGS } from '../../domain/contacts/contact-headings';
import type { StoredGroup } from '../../db/app-db';
import { TEMPLATE_FILE_NAME, writeContactsTemplate } from '../../excel/contacts-template';
import { downloadBytes } from '../../ui/download';
import { LoadProgress, SheetPreview } from './import-preview';
import { importReady } from '../../domain/contacts/phonebook';
import { countText } from '../../domain/plural';
import { useContactImport, type ImportStart } from './use-contact-import';

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
  const { file, stage, busy, read, load } = useContactImport(group, start, onClose);
  const picked = start && 'picked' in start ? start.picked : null;
  // Only contacts new to the book are offered; with none, there is nothing to load (the preview says why).
  const ready =
    stage.kind === 'ready' || stage.kind === 'loading'
      ? importReady(stage.sheet.table.length, stage.inBook).ready
      : null;
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
            {ready === 0 ? 'Close' : 'Cancel'}
          </Button>
          {ready !== 0 && (
            <Button onClick={() => (stage.kind === 'ready' ? void load(stage) : void read(file))} loading={busy}>
              {ready === null ? 'Read file' : `Load ${countText(ready, 'contact')}`}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
