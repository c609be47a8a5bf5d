import { Anchor, FileInput, Progress, Select, Stack, Text } from '@mantine/core';
import { columnLabel, type SheetColumn } from '../../domain/contacts/excel-sheet';
import { SEND_SHEET_ACCEPT } from '../../domain/send/send-sheet-file';
import { buildSendTemplate, SEND_TEMPLATE_FILE_NAME } from '../../excel/export-file';
import { downloadBytes } from '../../ui/download';
import { NO_ROW_TO_SEND, type ExcelSource } from './use-excel-source';
import { SetAsideRows } from './set-aside-rows';
import { numberFormat } from '../../domain/numbers/number-format';

const count = numberFormat();

const downloadTemplate = async () => downloadBytes(await buildSendTemplate(), SEND_TEMPLATE_FILE_NAME);

/** Beside the "numbers" heading's message (docs/product.md#for-sending): the column that holds the numbers, phone-like headings first. */
function NumbersColumnChoice({
  columns,
  chosen,
  onChoose,
}: {
  columns: SheetColumn[];
  chosen: number | undefined;
  onChoose: (index: number) => void;
}) {
  return (
    <Select
      label="Column with the mobile numbers"
      description='Or add the heading "numbers" to that column in the file and load it again'
      placeholder="Choose the column"
      data={columns.map((c) => ({
        value: String(c.index),
        label: c.phone ? `${columnLabel(c)}: looks like phone numbers` : columnLabel(c),
      }))}
      value={chosen === undefined ? null : String(chosen)}
      onChange={(value) => value !== null && onChoose(Number(value))}
      allowDeselect={false}
    />
  );
}

/** The recipients' spreadsheet: file, reading progress, sheet choice and what was loaded (docs/product.md#for-sending). */
export function ExcelPicker({
  excel,
  file,
  onFile,
}: {
  excel: ExcelSource;
  file: File | null;
  onFile: (file: File | null) => void;
}) {
  const { state } = excel;
  const sheetNames = state.status === 'empty' ? [] : state.sheetNames;
  const sheet = state.status === 'loaded' ? state.sheet : state.status === 'refused' ? state.sheet : null;
  return (
    <Stack gap="xs">
      <FileInput
        label="Excel or CSV file"
        description={
          <>
            The first row holds the headings; the column of mobile numbers is headed &quot;numbers&quot;.{' '}
            <Anchor component="button" type="button" size="xs" onClick={() => void downloadTemplate()}>
              Download a template
            </Anchor>
          </>
        }
        placeholder="Choose an .xlsx, .xlsm, .xls, .xml or .csv file"
        accept={SEND_SHEET_ACCEPT}
        value={file}
        onChange={onFile}
        clearable
        // Named, so a screen reader (and a test) can find it: removing the file also forgets the kept sheet.
        clearButtonProps={{ 'aria-label': 'Remove the file' }}
      />
      {state.status === 'reading' && (
        <Stack gap={4}>
          <Text size="sm">
            {state.stage}: {state.fileName}
          </Text>
          <Progress value={Math.round(state.fraction * 100)} aria-label={`Reading ${state.fileName}`} animated />
        </Stack>
      )}
      {sheetNames.length > 1 && (
        <Select
          label="Sheet"
          placeholder="Choose the sheet with the numbers"
          data={sheetNames}
          value={sheet}
          onChange={excel.chooseSheet}
          disabled={state.status === 'reading'}
        />
      )}
      {state.status === 'loaded' && (
        <Text size="sm" c={state.table.length === 0 ? 'red.8' : 'teal.9'} role="status">
          Loaded {count.format(state.table.length)} {state.table.length === 1 ? 'row' : 'rows'} from {state.sheet} (
          {state.fileName}){state.table.length === 0 && `. ${NO_ROW_TO_SEND}`}
        </Text>
      )}
      {state.status === 'loaded' &&
        state.notes.map((note) => (
          <Text key={note} size="sm" c="dimmed">
            {note}
          </Text>
        ))}
      {state.status === 'loaded' && state.setAside.length > 0 && (
        <SetAsideRows rows={state.setAside} fileName={state.fileName} />
      )}
      {state.status === 'refused' && (
        <Text size="sm" c="red.8">
          {state.message}
        </Text>
      )}
      {(state.status === 'refused' || state.status === 'loaded') && state.columns && (
        <NumbersColumnChoice
          columns={state.columns}
          chosen={state.status === 'loaded' ? state.numbersColumn : undefined}
          onChoose={excel.chooseNumbersColumn}
        />
      )}
    </Stack>
  );
}
