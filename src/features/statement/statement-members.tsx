import { Paper, Stack, Table, Title } from '@mantine/core';
import type { StatementAnswer } from '../../api/statement-api';
import { creditsText } from './credits-text';

/**
 * What the month's sends spent by the team member who made them (docs/product.md#who-did-what); shown
 * while the account has members. The owner's row holds the owner's own sends, API keys' and SMPP's.
 */
export function StatementMembers({ statement }: { statement: StatementAnswer }) {
  const rows = statement.byMember ?? [];
  if (rows.length === 0) return null;
  return (
    // Titled like the statement's Changes below it.
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="statement-members-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="statement-members-title">
          Spending by member
        </Title>
        <Table verticalSpacing={6} data-testid="statement-members">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Member</Table.Th>
              <Table.Th ta="right">Credits spent</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.member ?? 'owner'}>
                <Table.Td>{r.name}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {creditsText(r.credits)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
