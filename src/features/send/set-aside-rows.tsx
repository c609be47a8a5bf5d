import { Alert, Button, List, Text } from '@mantine/core';
import { useState } from 'react';
import type { SetAsideNumber } from '../../domain/contacts/excel-sheet';
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

function valueList(values: readonly string[]): string {
  const named = values.slice(0, LISTED_ROWS).join(', ');
  const more = values.length - LISTED_ROWS;
  return `${named}${more > 0 ? ` and ${countText(more, 'more number')}` : ''}`;
}

type Props = {
  rows: readonly SetAsideNumber[];
  fileName: string;
  /** Numbers typed in the box or kept in a phone book: named as written, not by row, and nothing to download. */
  typed?: boolean;
};

/**
 * What a sheet set aside (docs/product.md#for-sending): how many, why, their row numbers, and a download of them.
 * Typed numbers get the same list, naming the numbers themselves (docs/product.md#phone-numbers).
 */
export function SetAsideRows({ rows, fileName, typed = false }: Props) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const byReason = new Map<string, SetAsideNumber[]>();
  for (const r of rows) {
    const list = byReason.get(r.reason);
    if (list) list.push(r);
    else byReason.set(r.reason, [r]);
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
      title={
        typed
          ? `${countText(rows.length, 'number')} set aside: ${rows.length === 1 ? 'it is not a phone number' : 'they are not phone numbers'} and will not be sent or charged`
          : `${countText(rows.length, 'row')} set aside: ${rows.length === 1 ? 'its number is' : 'their numbers are'} not phone numbers and will not be sent`
      }
      aria-label={typed ? 'Numbers set aside' : 'Rows set aside'}
    >
      <List size="sm" spacing={4}>
        {[...byReason].map(([reason, listed]) => (
          <List.Item key={reason}>
            {reason}: {typed ? valueList(listed.map((r) => r.value || '(empty)')) : rowList(listed.map((r) => r.row))}
          </List.Item>
        ))}
      </List>
      {!typed && (
        <Button mt="xs" size="xs" variant="default" loading={busy} onClick={() => void download()}>
          Download the rows set aside
        </Button>
      )}
      {failed && (
        <Text size="sm" c="red.8" role="alert">
          The file could not be written. Please try again
        </Text>
      )}
    </Alert>
  );
}
