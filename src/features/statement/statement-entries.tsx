import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatAccra } from '../../domain/dates';
import { STATEMENT_LINE_LABELS, causeText } from '../../domain/money/statement';
import type { StatementAnswer } from '../../api/statement-api';
import { VirtualList } from '../../ui/virtual-list';
import { causeHref } from './statement-links';
import { creditsText } from './credits-text';
import { numberFormat } from '../../domain/numbers/number-format';

type Entry = StatementAnswer['entries'][number];

const ROW_HEIGHT = 56;
const number = numberFormat();

/** Every change of the month, newest first; each opens what caused it. */
export function StatementEntries({ statement: s, ofClient }: { statement: StatementAnswer; ofClient: boolean }) {
  const entries = [...s.entries].reverse();
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="statement-entries-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="statement-entries-title">
          Changes{' '}
          <Text span c="dimmed" fw={400}>
            ({number.format(s.entryCount)})
          </Text>
        </Title>
        {s.entryCount > entries.length && (
          <Text size="sm" c="dimmed">
            The last {number.format(entries.length)} of {number.format(s.entryCount)} changes are listed; the lines
            above count them all.
          </Text>
        )}
        {entries.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing changed the balance this month.
          </Text>
        ) : (
          <VirtualList
            items={entries}
            rowHeight={ROW_HEIGHT}
            height={`min(60vh, ${entries.length * ROW_HEIGHT + 8}px)`}
            itemKey={(e) => String(e.id)}
            renderItem={(e) => <EntryRow entry={e} ofClient={ofClient} />}
            label="Changes of the month"
          />
        )}
      </Stack>
    </Paper>
  );
}

function EntryRow({ entry: e, ofClient }: { entry: Entry; ofClient: boolean }) {
  const label = STATEMENT_LINE_LABELS[e.line];
  const href = causeHref(e.cause, e.line, ofClient);
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      h="100%"
      px={4}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Stack gap={0} style={{ minWidth: 0 }}>
        {href ? (
          <Anchor component={Link} to={href} size="sm" fw={600} truncate aria-label={`${label}: ${causeText(e.cause)}`}>
            {label}
          </Anchor>
        ) : (
          <Text size="sm" fw={600} truncate>
            {label}
          </Text>
        )}
        <Text size="xs" c="dimmed" truncate>
          {formatAccra(e.at, 'dd MMM yyyy HH:mm')}
          {e.cause ? ` · ${causeText(e.cause)}` : ''}
        </Text>
      </Stack>
      <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
        <Text size="sm" fw={600} c={e.amount < 0 ? 'red.8' : 'teal.8'}>
          {creditsText(e.amount, true)}
        </Text>
        <Text size="xs" c="dimmed">
          Balance {creditsText(e.balanceAfter)}
        </Text>
      </Stack>
    </Group>
  );
}
