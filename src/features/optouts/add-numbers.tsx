import { useState } from 'react';
import { Button, FileInput, Group, Paper, Select, Stack, Title } from '@mantine/core';
import { OPT_OUT_REASON_LABELS } from '../../domain/numbers/opt-out';
import type { AddReason } from '../../api/optout-api';
import { openSpreadsheet } from '../../excel/parse-file';
import { numbersOf } from '../../excel/sheet-table';
import { emitAlert } from '../../notify/alerts-bus';
import { useAction } from '../../sync/hooks/use-action';
import { addNumbers } from '../../sync/optouts';
import { GrowingTextarea } from '../../ui/growing-textarea';

/** Numbers typed by hand: one a line, or separated by commas or semicolons. */
const typedNumbers = (text: string) =>
  text
    .split(/[,;\n]/)
    .map((n) => n.trim())
    .filter((n) => n !== '');

/** Add by hand (typed numbers and a reason) or from an Excel sheet with a "numbers" column. */
export function AddNumbers({ disabled }: { disabled: boolean }) {
  const [text, setText] = useState('');
  const [reason, setReason] = useState<AddReason>('manual');
  const [file, setFile] = useState<File | null>(null);
  const adding = useAction();
  const importing = useAction();

  const add = () =>
    adding.run(async () => {
      const numbers = typedNumbers(text);
      if (numbers.length === 0) {
        emitAlert({ message: 'Please enter at least one phone number', severity: 'error' });
        return;
      }
      const { message, leftOut } = await addNumbers(numbers, reason);
      emitAlert({ message, severity: leftOut.length ? 'warning' : 'success' });
      // What was not a phone number stays in the field, to be mended: nothing typed is lost.
      setText(leftOut.join('\n'));
    });

  const importFile = (chosen: File | null) =>
    importing.run(async () => {
      setFile(chosen);
      if (!chosen) return;
      const book = await openSpreadsheet(chosen);
      try {
        const first = book.first ?? (await book.readSheet(book.sheetNames[0] ?? ''));
        if (!first.ok) throw new Error(first.message);
        const numbers = numbersOf(first.table).filter((n) => n.trim() !== '');
        if (numbers.length === 0) throw new Error('The sheet has no numbers to add');
        const { message, leftOut } = await addNumbers(numbers, 'import');
        emitAlert({ message, severity: leftOut.length ? 'warning' : 'success' });
      } finally {
        book.close();
        setFile(null);
      }
    });

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Add numbers
        </Title>
        <GrowingTextarea
          label="Numbers"
          description="One number a line, or separated by commas"
          minRows={2}
          maxRows={6}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <Group align="flex-end" wrap="wrap" gap="sm">
          <Select
            label="Reason"
            data={[
              { value: 'manual', label: OPT_OUT_REASON_LABELS.manual },
              { value: 'complaint', label: OPT_OUT_REASON_LABELS.complaint },
            ]}
            value={reason}
            onChange={(v) => setReason(v === 'complaint' ? 'complaint' : 'manual')}
            allowDeselect={false}
            w={200}
          />
          <Button onClick={() => void add()} loading={adding.busy} disabled={disabled}>
            Add to opt-out list
          </Button>
        </Group>
        <FileInput
          label="Import from Excel"
          description='A sheet with a "numbers" column, up to 100,000 rows'
          placeholder="Choose a file"
          accept=".xlsx,.xls,.csv"
          value={file}
          onChange={(f) => void importFile(f)}
          disabled={disabled || importing.busy}
          clearable
        />
      </Stack>
    </Paper>
  );
}
