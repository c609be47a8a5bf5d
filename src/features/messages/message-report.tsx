// A message's delivery report above its status rows (docs/product.md#delivery-status): the funnel,
// the networks, the failure reasons in words, the time to delivery and the credits. Loaded only with
// the status page (React.lazy in status-screen.tsx), so recharts and the charts' styles stay off
// every other screen; each chart has its numbers in text beside it for screen readers and printing.
import '@mantine/charts/styles.css';
import { memo, startTransition, useEffect, useState } from 'react';
import { BarChart } from '@mantine/charts';
import { Alert, List, Table, Text } from '@mantine/core';
import type { MessageReport as Report } from '../../api/message-api';
import { deliveryTimeSentences, erasedNote } from '../../domain/messages/delivery-report';
import { STATUS_GROUP_LABELS } from '../../domain/messages/message-status';
import { loadMessageReport } from '../../sync/message-sync';
import { describeFailure } from '../../sync/failures';
import { Panel, ReportFrame, ReportPlaceholder } from './report-frame';
import { ClickPanels } from './click-report';
import { numberFormat } from '../../domain/numbers/number-format';

const number = numberFormat();
const percent = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)}%` : '0%');
const COLORS = { sent: 'teal.7', failed: 'red.7', pending: 'gray.5', optedOut: 'orange.6' } as const;
const SERIES = (Object.keys(COLORS) as (keyof typeof COLORS)[]).map((name) => ({
  name,
  label: STATUS_GROUP_LABELS[name],
  color: COLORS[name],
}));

/** The report of a message, asked for again when `version` changes (the status page's totals moved). */
function MessageReport({ messageKey, version }: { messageKey: string; version: string }) {
  const [report, setReport] = useState<Report | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    loadMessageReport(messageKey).then(
      (fresh) => {
        if (!alive) return;
        // The charts render in slices: the rows above and below stay responsive meanwhile.
        startTransition(() => {
          setReport(fresh);
          setError(null);
        });
      },
      (failure: unknown) => alive && setError(describeFailure(failure).message),
    );
    return () => {
      alive = false;
    };
  }, [messageKey, version]);

  if (!report)
    return error ? (
      <Alert color="gray" variant="light">
        {error}
      </Alert>
    ) : (
      <ReportPlaceholder />
    );
  return <ReportView report={report} messageKey={messageKey} />;
}

function ReportView({ report, messageKey }: { report: Report; messageKey: string }) {
  const { funnel, networks, reasons, deliveryTime } = report;
  const stages = [
    { stage: 'Submitted', count: funnel.submitted },
    { stage: 'Delivered', count: funnel.delivered },
    { stage: 'Failed', count: funnel.failed },
    { stage: 'Pending', count: funnel.pending },
    { stage: 'Opted out', count: funnel.optedOut },
  ];
  return (
    <ReportFrame>
      <Panel title="Delivery funnel">
        <BarChart
          h={170}
          data={stages}
          dataKey="stage"
          orientation="vertical"
          series={[{ name: 'count', label: 'Recipients', color: 'blue.6' }]}
          gridAxis="none"
          valueFormatter={(v) => number.format(v)}
          yAxisProps={{ width: 80 }}
          xAxisProps={{ allowDecimals: false }}
          aria-hidden
        />
        <List size="sm" spacing={2} data-testid="funnel-text">
          {stages.map((s) => (
            <List.Item key={s.stage}>
              {s.stage}: {number.format(s.count)}
              {s.stage !== 'Submitted' ? ` (${percent(s.count, funnel.submitted)})` : ''}
            </List.Item>
          ))}
        </List>
      </Panel>
      <NetworksPanel networks={networks.filter((n) => n.total > 0)} erased={report.erased} />
      <ReasonsPanel reasons={reasons} />
      <Panel title="Time to delivery and credits">
        <List size="sm" spacing={4} data-testid="time-text">
          {deliveryTimeSentences(deliveryTime.median, deliveryTime.p90).map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
          <List.Item>Delivered: {number.format(deliveryTime.delivered)}</List.Item>
          <List.Item>Credits spent: {number.format(report.credits)}</List.Item>
        </List>
      </Panel>
      {report.clicks && <ClickPanels clicks={report.clicks} messageKey={messageKey} />}
    </ReportFrame>
  );
}

/** Recipients by network: delivered, failed and pending; those erased since are counted apart. */
function NetworksPanel({ networks, erased }: { networks: Report['networks']; erased: number }) {
  return (
    <Panel title="By network">
      <BarChart
        h={170}
        data={networks}
        dataKey="label"
        type="stacked"
        series={SERIES}
        gridAxis="none"
        valueFormatter={(v) => number.format(v)}
        yAxisProps={{ allowDecimals: false }}
        aria-hidden
      />
      <Table fz="sm" verticalSpacing={2} aria-label="Recipients by network" data-testid="network-text">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Network</Table.Th>
            <Table.Th>Delivered</Table.Th>
            <Table.Th>Failed</Table.Th>
            <Table.Th>Pending</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {networks.map((n) => (
            <Table.Tr key={n.network}>
              <Table.Td>{n.label}</Table.Td>
              <Table.Td>{number.format(n.sent)}</Table.Td>
              <Table.Td>{number.format(n.failed)}</Table.Td>
              <Table.Td>{number.format(n.pending)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {erased > 0 && (
        <Text size="xs" c="dimmed" mt={4} data-testid="network-erased">
          {erasedNote(erased)}
        </Text>
      )}
    </Panel>
  );
}

/** The failure reasons in words, with how many recipients each. */
function ReasonsPanel({ reasons }: { reasons: Report['reasons'] }) {
  return (
    <Panel title="Why messages failed">
      {reasons.length === 0 ? (
        <Text size="sm" c="dimmed">
          No failures.
        </Text>
      ) : (
        <>
          <BarChart
            h={Math.max(80, reasons.length * 34)}
            data={reasons.slice(0, 6).map((r) => ({ reason: r.reason, count: r.count }))}
            dataKey="reason"
            orientation="vertical"
            series={[{ name: 'count', label: 'Recipients', color: COLORS.failed }]}
            gridAxis="none"
            valueFormatter={(v) => number.format(v)}
            yAxisProps={{ width: 0 }}
            xAxisProps={{ allowDecimals: false }}
            aria-hidden
          />
          <List size="sm" spacing={2} data-testid="reasons-text">
            {reasons.map((r) => (
              <List.Item key={r.reason}>
                {r.reason}: {number.format(r.count)}
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Panel>
  );
}

// The status page re-renders as an export progresses: the charts do not.
export default memo(MessageReport);
