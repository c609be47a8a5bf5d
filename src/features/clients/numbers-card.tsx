import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { SectionCard } from '../../ui/section-card';
import { formatAccra } from '../../domain/dates';
import { buildNumbersExport } from '../../excel/export-file';
import { emitAlert } from '../../notify/alerts-bus';
import { loadNumbersPage } from '../../sync/clients';
import { describeFailure } from '../../sync/failures';
import { downloadBytes } from '../../ui/download';
import { noteExport } from '../../sync/security';
import { numberFormat } from '../../domain/numbers/number-format';

const number = numberFormat();

/** Profile 6 (docs/product.md#client-management): the platform's phone-book numbers, loaded 1,000 a page, and their export. */
export function NumbersCard({ online }: { online: boolean }) {
  const [numbers, setNumbers] = useState<string[]>([]);
  const [page, setPage] = useState(0);
  const [total, setTotal] = useState<number | null>(null);
  const [hasMore, setHasMore] = useState(true);
  const [loading, setLoading] = useState(false);
  const [exporting, setExporting] = useState(false);

  const loadMore = async () => {
    setLoading(true);
    try {
      const next = await loadNumbersPage(page + 1);
      setNumbers((loaded) => [...loaded, ...next.numbers]);
      setPage(next.pageNum);
      setTotal(next.total);
      setHasMore(next.hasMore);
    } catch (error) {
      const failure = describeFailure(error);
      emitAlert({ message: failure.message, severity: failure.severity });
    } finally {
      setLoading(false);
    }
  };

  const exportNumbers = async () => {
    setExporting(true);
    try {
      downloadBytes(await buildNumbersExport(numbers), `numbers-${formatAccra(Date.now(), 'yyyy-MM-dd')}.xlsx`);
      noteExport('numbers', numbers.length);
    } catch {
      emitAlert({ message: 'The numbers could not be written. Please try again', severity: 'error' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <SectionCard id="numbers-title" title="Numbers">
      <Text data-testid="numbers-loaded">
        Total numbers loaded {number.format(numbers.length)}
        {total !== null && <Text span c="dimmed">{` of ${number.format(total)}`}</Text>}
      </Text>
      <Group gap="sm" wrap="wrap">
        <Button onClick={() => void loadMore()} loading={loading} disabled={!online || !hasMore}>
          {page === 0 ? 'Load numbers' : 'Load more numbers'}
        </Button>
        <Button
          variant="light"
          onClick={() => void exportNumbers()}
          loading={exporting}
          disabled={numbers.length === 0}
        >
          Export numbers (Excel)
        </Button>
      </Group>
      {!hasMore && page > 0 && (
        <Text size="sm" c="dimmed">
          All numbers are loaded.
        </Text>
      )}
    </SectionCard>
  );
}
