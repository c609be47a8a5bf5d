import { useState } from 'react';
import { PageNumbers } from '../../ui/page-numbers';
import { Badge, Group, Select, Table, Text } from '@mantine/core';
import type { StatusRow } from '../../api/message-api';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../domain/constants';
import { statusGroup, statusLabel, type RecipientStatus } from '../../domain/message-status';
import { displayPhone } from '../../domain/phone-number';

const COLORS = { sent: 'teal.9', failed: 'red.9', pending: 'gray.8', optedOut: 'orange.9' } as const;
/** What a row without a status yet shows. */
const NO_STATUS_YET: RecipientStatus = 'PENDING';

/** Mobile number and Status, a page at a time (5, 10 or 25 rows, 5 by default: docs/product.md#delivery-status). */
export function StatusTable({ rows }: { rows: readonly StatusRow[] }) {
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  const current = Math.min(page, pages);
  const shown = rows.slice((current - 1) * pageSize, current * pageSize);
  return (
    <>
      <Table.ScrollContainer minWidth={280}>
        <Table striped withTableBorder verticalSpacing="xs" aria-label="Delivery status">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Mobile number</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row, i) => (
              <Table.Tr key={`${row.id}-${row.mobilenumber}-${i}`}>
                <Table.Td>{displayPhone(row.mobilenumber)}</Table.Td>
                <Table.Td>
                  <Badge variant="outline" color={COLORS[statusGroup(row.status)]} size="sm">
                    {statusLabel(row.status || NO_STATUS_YET)}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
            {shown.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={2}>
                  <Text size="sm" c="dimmed">
                    No recipients match.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Select
          label="Rows per page"
          data={PAGE_SIZES.map(String)}
          value={String(pageSize)}
          onChange={(v) => {
            setPageSize(Number(v) || DEFAULT_PAGE_SIZE);
            setPage(1);
          }}
          allowDeselect={false}
          w={130}
        />
        <PageNumbers total={pages} value={current} onChange={setPage} />
      </Group>
    </>
  );
}
