import { Alert, Button, List, Text } from '@mantine/core';
import { useState } from 'react';
import type { SetAsideNumber } from '../../domain/excel-sheet';
import { countText } from '../../domain/plural';
import { buildSetAsideExport, setAsideFileName } from '../../excel/export-file';
import { downloadBytes } from '../../ui/download';

/** Row numbers named per reason; the rest are counted (the download has them all). */
const LISTED_ROWS = 20;

function rowList(rows: readonly number[]): string {
  const named = rows.slice(0, LISTED_ROWS).join(', ');
  const more = rows.length - LISTED_ROWS;
  return `${rows.length === 1 ? 'row' : 'rows'} ${named}${more > 0 ? ` and ${countText(more, 'more row')}` : ''}`;
}

/** The rows a sheet set aside (docs/product.md#for-sending): how many, why, their row numbers, and a download of them. */
export function SetAsideRows({ rows, fileName }: { rows: readonly SetAsideNumber[]; fileName: string }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const byReason = new Map<string, number[]>();
  for (const r of rows) {
    const list = byReason.get(r.reason);
    if (list) list.push(r.row);
    else byReason.set(r.reason, [r.row]);
  }
  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      downloadBytes(await buildSetAsideExport(rows), setAsideFileName(fileName));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert
      color="yellow"
      variant="light"
      title={`${countText(rows.length, 'row')} set aside: ${rows.length === 1 ? 'its number is' : 'their numbers are'} not phone numbers and will not be sent`}
      aria-label="Rows set aside"
    >
      <List size="sm" spacing={4}>
        {[...byReason].map(([reason, numbers]) => (
          <List.Item key={reason}>
            {reason}: {rowList(numbers)}
          </List.Item>
        ))}
      </List>
      <Button mt="xs" size="xs" variant="default" loading={busy} onClick={() => void download()}>
        Download the rows set aside
      </Button>
      {failed && (
        <Text size="sm" c="red.8" role="alert">
          The file could not be written. Please try again
        </Text>
      )}
    </Alert>
  );
}
