import { HELD_FOR_QUIET_HOURS } from '../../domain/send/quiet-hours';
import { PageNumbers } from '../../ui/page-numbers';
import { Badge, Group, Select, Stack, Table, Text } from '@mantine/core';
import type { StatusRow } from '../../api/message-api';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../domain/constants';
import { formatAccra } from '../../domain/dates';
import { statusGroup, statusLabel, type RecipientStatus } from '../../domain/messages/message-status';
import { NETWORK_LABELS, networkOf, type Network } from '../../domain/numbers/networks';
import { canonicalPhone, displayPhone } from '../../domain/numbers/phone-number';
import { clickedText } from '../../domain/links/click-words';

const COLORS = { sent: 'teal.9', failed: 'red.9', pending: 'gray.8', optedOut: 'orange.9' } as const;
/** What a row without a status yet shows. */
const NO_STATUS_YET: RecipientStatus = 'PENDING';

/** The Status column's least width in px. */
const STATUS_MIN_WIDTH = 116;

const TEXT_STYLE = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

const networkLabel = (row: StatusRow) =>
  NETWORK_LABELS[(row.network as Network | undefined) ?? networkOf(canonicalPhone(row.mobilenumber))] ??
  NETWORK_LABELS.other;

/**
 * Mobile number and Status, one page of the gateway's at a time (5, 10 or 25 rows, 5 by default:
 * docs/product.md#delivery-status); each status with the time it was reached and, for a failure, why.
 */
export function StatusTable({
  rows,
  matching,
  page,
  size,
  onPage,
  onSize,
  held = false,
}: {
  /** The delivery waits for the account's quiet hours to end: its pending rows say so. */
  held?: boolean;
  rows: readonly StatusRow[];
  matching: number;
  page: number;
  size: number;
  onPage: (page: number) => void;
  onSize: (size: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(matching / size));
  // A personalized send's rows carry each recipient's own text.
  const texts = rows.some((row) => row.text !== undefined);
  return (
    <>
      <Table.ScrollContainer minWidth={280}>
        <Table striped withTableBorder verticalSpacing="xs" aria-label="Delivery status">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Mobile number</Table.Th>
              <Table.Th>Status</Table.Th>
              {texts && <Table.Th visibleFrom="sm">Message</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, i) => (
              <Table.Tr key={`${row.id}-${row.mobilenumber}-${i}`}>
                <Table.Td>
                  <Stack gap={0}>
                    <span style={{ whiteSpace: 'nowrap' }}>{displayPhone(row.mobilenumber)}</span>
                    <Text span size="xs" c="dimmed">
                      {networkLabel(row)}
                    </Text>
                    {/* On a phone the recipient's own text goes under its number: a third column would not fit. */}
                    {texts && (
                      <Text size="sm" mt={4} hiddenFrom="sm" style={TEXT_STYLE}>
                        {row.text}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
                {/* Wide enough for 'Delivered' and its time on one line each, beside a recipient's own text on a phone. */}
                <StatusCell row={row} held={held} />
                {texts && (
                  <Table.Td visibleFrom="sm">
                    <Text size="sm" style={TEXT_STYLE}>
                      {row.text}
                    </Text>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={texts ? 3 : 2}>
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
          value={String(size)}
          onChange={(v) => onSize(Number(v) || DEFAULT_PAGE_SIZE)}
          allowDeselect={false}
          w={130}
        />
        <PageNumbers total={pages} value={Math.min(page, pages)} onChange={onPage} />
      </Group>
    </>
  );
}

/** A row's status, the quiet hours it waits for, the time it was reached, why it failed, and (a send with short links) its clicks. */
function StatusCell({ row, held }: { row: StatusRow; held: boolean }) {
  return (
    <Table.Td miw={STATUS_MIN_WIDTH}>
      <Stack gap={2} align="flex-start">
        <Badge variant="outline" color={COLORS[statusGroup(row.status)]} size="sm">
          {statusLabel(row.status || NO_STATUS_YET)}
        </Badge>
        {held && (row.status || NO_STATUS_YET) === 'PENDING' && (
          <Text span size="xs" c="dimmed">
            {HELD_FOR_QUIET_HOURS}
          </Text>
        )}
        {row.statusTime && (
          <Text span size="xs" c="dimmed">
            {formatAccra(row.statusTime)}
          </Text>
        )}
        {row.reason && (
          <Text span size="xs" c="red.9">
            {row.reason}
          </Text>
        )}
        {row.clicks !== undefined && (
          <Text span size="xs" c={row.clicks > 0 ? 'grape.9' : 'dimmed'} data-testid="row-clicks">
            {clickedText(row.clicks)}
          </Text>
        )}
      </Stack>
    </Table.Td>
  );
}
