import { Paper, Table, Text } from '@mantine/core';
import { STATEMENT_LINE_LABELS } from '../../domain/money/statement';
import type { StatementAnswer } from '../../api/statement-api';
import { creditsText } from './credits-text';

/** The month in lines: opening balance, what came in and went out by line, closing balance. */
export function StatementLines({ statement: s }: { statement: StatementAnswer }) {
  return (
    <Paper withBorder radius="md" p="xs" component="section" aria-label="Statement lines">
      <Table verticalSpacing={6} data-testid="statement-lines">
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row">Opening balance</Table.Th>
            <Table.Td ta="right" fw={600}>
              {creditsText(s.openingBalance)}
            </Table.Td>
          </Table.Tr>
          {s.lines.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={2}>
                <Text size="sm" c="dimmed">
                  No credit came in or went out this month.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {s.lines.map((l) => (
            <Table.Tr key={l.line} data-line={l.line}>
              <Table.Td>{STATEMENT_LINE_LABELS[l.line]}</Table.Td>
              <Table.Td ta="right" c={l.credits < 0 ? 'red.8' : 'teal.8'} style={{ whiteSpace: 'nowrap' }}>
                {creditsText(l.credits, true)}
              </Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th scope="row">Closing balance</Table.Th>
            <Table.Td ta="right" fw={700}>
              {creditsText(s.closingBalance)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
