// A send's short links in its report (docs/product.md#short-links): clicks, unique clickers and the
// click rate, by network and an hour at a time (a chart with its figures in text beside it), and the
// follow-up (docs/product.md#follow-up): the send form with those who clicked, or those who did not.
import { useState } from 'react';
import { BarChart } from '@mantine/charts';
import { Button, Group, List, Stack, Table, Text } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import type { MessageReport } from '../../api/message-api';
import { formatAccra } from '../../domain/dates';
import { clickRateText, FOLLOW_UP_CLICKED, FOLLOW_UP_NOT_CLICKED } from '../../domain/links/click-words';
import { draftFollowUp } from '../../sync/follow-up';
import { describeFailure } from '../../sync/failures';
import { emitAlert } from '../../notify/alerts-bus';
import { Panel } from './report-frame';
import { numberFormat } from '../../domain/numbers/number-format';

type Clicks = NonNullable<MessageReport['clicks']>;
const number = numberFormat();

/** The clicks panel and, beside it, the clicks over time; nothing for a send without short links. */
export function ClickPanels({ clicks, messageKey }: { clicks: Clicks; messageKey: string }) {
  return (
    <>
      <Panel title="Link clicks">
        <List size="sm" spacing={2} data-testid="clicks-text">
          <List.Item>Clicks: {number.format(clicks.clicks)}</List.Item>
          <List.Item>Unique clickers: {number.format(clicks.unique)}</List.Item>
          <List.Item>Click rate: {clickRateText(clicks.unique, clicks.recipients)}</List.Item>
        </List>
        <Table fz="sm" verticalSpacing={2} mt="xs" aria-label="Clicks by network" data-testid="clicks-network">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Network</Table.Th>
              <Table.Th>Clicks</Table.Th>
              <Table.Th>Unique</Table.Th>
              <Table.Th>Rate</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {clicks.networks.map((n) => (
              <Table.Tr key={n.network}>
                <Table.Td>{n.label}</Table.Td>
                <Table.Td>{number.format(n.clicks)}</Table.Td>
                <Table.Td>{number.format(n.unique)}</Table.Td>
                <Table.Td>{clickRateText(n.unique, n.recipients, false)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <FollowUp messageKey={messageKey} clicks={clicks} />
      </Panel>
      <Panel title="Clicks over time">
        {clicks.overTime.length === 0 ? (
          <Text size="sm" c="dimmed">
            No clicks yet.
          </Text>
        ) : (
          <ClicksOverTime overTime={clicks.overTime} />
        )}
      </Panel>
    </>
  );
}

function ClicksOverTime({ overTime }: { overTime: Clicks['overTime'] }) {
  const data = overTime.map((t) => ({ hour: formatAccra(t.at, 'd MMM HH:00'), clicks: t.clicks }));
  return (
    <Stack gap={4}>
      <BarChart
        h={170}
        data={data}
        dataKey="hour"
        series={[{ name: 'clicks', label: 'Clicks', color: 'grape.6' }]}
        gridAxis="none"
        valueFormatter={(v) => number.format(v)}
        yAxisProps={{ allowDecimals: false }}
        aria-hidden
      />
      <List size="sm" spacing={2} data-testid="clicks-time-text">
        {data.map((d) => (
          <List.Item key={d.hour}>
            {d.hour}: {number.format(d.clicks)}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** The two follow-ups: each fills the send form's numbers and opens it. */
function FollowUp({ messageKey, clicks }: { messageKey: string; clicks: Clicks }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState<boolean | null>(null);
  const follow = async (clicked: boolean) => {
    setBusy(clicked);
    try {
      const count = await draftFollowUp(messageKey, clicked);
      if (count === 0) {
        emitAlert({ message: 'Nobody to send to in that group', severity: 'warning' });
        return;
      }
      void navigate('/');
    } catch (failure) {
      emitAlert({ message: describeFailure(failure).message, severity: 'error' });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="xs" mt="sm" wrap="wrap">
      <Button
        size="xs"
        variant="light"
        loading={busy === true}
        disabled={clicks.unique === 0 || busy !== null}
        onClick={() => void follow(true)}
      >
        {FOLLOW_UP_CLICKED}
      </Button>
      <Button
        size="xs"
        variant="light"
        loading={busy === false}
        disabled={busy !== null}
        onClick={() => void follow(false)}
      >
        {FOLLOW_UP_NOT_CLICKED}
      </Button>
    </Group>
  );
}
