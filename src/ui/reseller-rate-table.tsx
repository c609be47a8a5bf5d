import { Table, Text } from '@mantine/core';
import { RESELLER_EXPIRY_YEARS, RESELLER_RATE_TABLE } from '../domain/money/pricing';
import { numberFormat } from '../domain/numbers/number-format';

const volume = numberFormat();

/** The fixed reseller volume table, credits valid a year (docs/product.md#price-tables). */
export function ResellerRateTable() {
  return (
    <Table.ScrollContainer minWidth={280}>
      <Table striped withTableBorder verticalSpacing="xs" captionSide="top" aria-label="Reseller rates">
        <Table.Caption>
          <Text fw={700} c="dark.8" component="span">
            Reseller rates (credits valid {RESELLER_EXPIRY_YEARS} year)
          </Text>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>SMS in 30 days</Table.Th>
            <Table.Th>Rate per SMS (GHS)</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {RESELLER_RATE_TABLE.map((band) => (
            <Table.Tr key={band.min}>
              <Table.Td>
                {band.max === null
                  ? `Over ${volume.format(band.min - 1)}`
                  : `${volume.format(band.min)} - ${volume.format(band.max)}`}
              </Table.Td>
              <Table.Td>{band.rate.toFixed(3)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
