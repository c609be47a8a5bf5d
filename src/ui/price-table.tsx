import { Table, Text } from '@mantine/core';
import { priceTableRows } from '../domain/price-table';
import type { PriceTier } from '../domain/types';
import { CURRENCY } from '../domain/constants';

type PriceTableProps = { title: string; tiers: readonly PriceTier[] };

const credits = new Intl.NumberFormat('en-GH');

/** SPEC 9 price table: price in GHS, SMS credits (price / rate, rounded up), rate, expiry; last row 'or more'. */
export function PriceTable({ title, tiers }: PriceTableProps) {
  const rows = priceTableRows(tiers);
  if (rows.length === 0) return null;
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped withTableBorder verticalSpacing="xs" captionSide="top" aria-label={title}>
        <Table.Caption>
          <Text fw={700} c="dark.8" component="span">
            {title}
          </Text>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Price ({CURRENCY})</Table.Th>
            <Table.Th>SMS credits</Table.Th>
            <Table.Th>Rate per SMS</Table.Th>
            <Table.Th>Expiry</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.price}>
              <Table.Td>{row.priceLabel}</Table.Td>
              <Table.Td>{credits.format(row.credits)}</Table.Td>
              <Table.Td>{row.rate}</Table.Td>
              <Table.Td>{row.expiryLabel}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
