// The dashboard's overview of the last 30 days (docs/product.md#delivery-status): recipients per day
// and the delivery rate, credits used, failures by network and the largest sends, read from the
// stored copy (offline after one visit) and fetched again when shown. Loaded only with the dashboard
// (React.lazy in message-list-screen.tsx); each chart has its numbers in text beside it. The charts' code
// (overview-charts.tsx: recharts, the largest code of the dashboard) loads only when they draw.
import {
  lazy,
  memo,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { numberFormat } from '../../domain/numbers/number-format';
import { Anchor, Box, Group, List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { ListView as View } from '../../domain/account/permissions';
import { formatAccra } from '../../domain/dates';
import { countText } from '../../domain/plural';
import { readOverview } from '../../db/overview-store';
import { memberOverview, refreshOverview } from '../../sync/message-sync';
import { useStoredList } from '../../sync/hooks/use-stored-list';
import { STATUS_PATHS } from './list-kinds';
import { useQuietIdle } from '../../ui/when-idle';
import type { OverviewAnswer } from '../../api/message-api';
import type { ChartDay } from './overview-charts';
import { OverviewPlace } from './overview-place';

const overviewCharts = () => import('./overview-charts');
const DaysChart = lazy(() => overviewCharts().then((m) => ({ default: m.DaysChart })));
const RateChart = lazy(() => overviewCharts().then((m) => ({ default: m.RateChart })));

const number = numberFormat();
const CHART_HEIGHT = 160;
const rate = (sent: number, done: number) => (done > 0 ? Math.round((sent / done) * 100) : null);

export const OVERVIEW_NOT_KEPT =
  'The last 30 days are not kept on this device yet: they show once the dashboard is opened online.';

/**
 * The last 30 days of the account (personal) or of an admin's clients together (client), or of one team
 * member's sends (docs/product.md#who-did-what): fetched when chosen, not kept on the device.
 */
function OverviewPanel({ view, memberId = null }: { view: View; memberId?: number | null }) {
  return memberId === null ? (
    <StoredOverview view={view} />
  ) : (
    <MemberOverview key={memberId} memberId={memberId} view={view} />
  );
}

function MemberOverview({ memberId, view }: { memberId: number; view: View }) {
  const [fetched, setFetched] = useState<{ overview: OverviewAnswer; at: number } | null>(null);
  useEffect(() => {
    let live = true;
    memberOverview(memberId)
      .then((overview) => live && setFetched({ overview, at: Date.now() }))
      .catch(() => live && setFetched(null));
    return () => {
      live = false;
    };
  }, [memberId]);
  return (
    fetched && (
      <OverviewBody
        overview={fetched.overview}
        view={view}
        note={`As of ${formatAccra(fetched.at)}`}
        asOf={fetched.at}
      />
    )
  );
}

function StoredOverview({ view }: { view: View }) {
  const read = useCallback((profileId: number) => readOverview(profileId, view), [view]);
  const fetch = useCallback(() => refreshOverview(view), [view]);
  const stored = useStoredList(read, fetch);
  const copy = stored.list;
  if (copy === null && stored.error?.offline) {
    return (
      <Text size="sm" c="dimmed" data-testid="overview-not-kept">
        {OVERVIEW_NOT_KEPT}
      </Text>
    );
  }
  // Its place is kept while the device is read and the first copy fetched.
  if (!copy) return copy === undefined || stored.loading ? <OverviewPlace /> : null;
  const note = `${stored.error?.offline ? 'Stored on this device: ' : 'As of '}${formatAccra(copy.fetchedAt)}`;
  return <OverviewBody overview={copy.overview} view={view} note={note} asOf={copy.fetchedAt} />;
}

/**
 * The figures and charts of an overview, and when it was read: `note` in words, `asOf` (ms) on the
 * section, where a test tells the stored copy shown first from the one just fetched.
 */
type BodyProps = { overview: OverviewAnswer; view: View; note: string; asOf: number };

function OverviewBody({ overview, view, note, asOf }: BodyProps) {
  const days = useMemo(
    (): ChartDay[] =>
      overview.days.map((d) => ({
        day: d.day.slice(5),
        Delivered: d.sent,
        Failed: d.failed,
        Pending: d.pending,
        rate: rate(d.sent, d.sent + d.failed),
      })),
    [overview.days],
  );
  // The charts draw once the browser has idled a second after the list showed with no tap or key
  // meanwhile, in a background render, their place kept: recharts takes over a second of a slow phone's
  // main thread in tasks a tap cannot cut into, so a tap on the list (a message's status) right after it
  // shows is taken at once, and a tap that leaves the dashboard never waits for them
  // (docs/architecture.md "Opening a dashboard").
  const idle = useQuietIdle();
  const chartDays = useDeferredValue(idle ? days : null, null);
  const totals = overview.days.reduce(
    (t, d) => ({ sent: t.sent + d.sent, failed: t.failed + d.failed, total: t.total + d.total }),
    { sent: 0, failed: 0, total: 0 },
  );
  const overall = rate(totals.sent, totals.sent + totals.failed);
  const failing = overview.networks.filter((n) => n.failed > 0);
  return (
    <section aria-label="Last 30 days" data-as-of={asOf}>
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
          <Title order={2} size="h4">
            Last 30 days
          </Title>
          <Text size="xs" c="dimmed">
            {note}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="overview-figures">
          <Figure label="Recipients" value={number.format(totals.total)} />
          <Figure label="Delivered" value={number.format(totals.sent)} />
          <Figure label="Delivery rate" value={overall === null ? '–' : `${overall}%`} />
          <Figure label="Credits used" value={number.format(overview.credits)} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <ChartFigure title="Sent per day">
            <ChartPlace>{chartDays && <DaysChart days={chartDays} height={CHART_HEIGHT} />}</ChartPlace>
            <Text size="sm" data-testid="per-day-text">
              {number.format(totals.total)} recipients from {overview.from} to {overview.to}; the busiest day{' '}
              {busiest(overview.days)}.
            </Text>
          </ChartFigure>
          <ChartFigure title="Delivery rate">
            <ChartPlace>{chartDays && <RateChart days={chartDays} height={CHART_HEIGHT} />}</ChartPlace>
            <Text size="sm" data-testid="rate-text">
              {overall === null
                ? 'Nothing delivered or failed yet.'
                : `${overall}% of the messages that ended were delivered (${number.format(totals.sent)} of ${number.format(totals.sent + totals.failed)}).`}
            </Text>
          </ChartFigure>
          <FailuresFigure failing={failing} />
          <TopCampaignsFigure campaigns={overview.topCampaigns} view={view} />
        </SimpleGrid>
      </Stack>
    </section>
  );
}

/** A chart's place, kept at its height while its code loads and before it draws. */
function ChartPlace({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Box h={CHART_HEIGHT} />}>{children || <Box h={CHART_HEIGHT} />}</Suspense>;
}

/** A chart or table with its title as its caption. */
function ChartFigure({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="sm" radius="md" component="figure" m={0} aria-label={title}>
      <Text fw={600} size="sm" mb={4} component="figcaption">
        {title}
      </Text>
      {children}
    </Paper>
  );
}

/** The networks where messages failed, with how many of their recipients. */
function FailuresFigure({ failing }: { failing: OverviewAnswer['networks'] }) {
  return (
    <ChartFigure title="Failures by network">
      {failing.length === 0 ? (
        <Text size="sm" c="dimmed">
          No failures.
        </Text>
      ) : (
        <Table fz="sm" verticalSpacing={2} aria-label="Failures by network">
          <Table.Tbody>
            {failing.map((n) => (
              <Table.Tr key={n.network}>
                <Table.Td>{n.label}</Table.Td>
                <Table.Td>
                  {number.format(n.failed)} of {number.format(n.total)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </ChartFigure>
  );
}

/** The largest sends of the 30 days, each a link to its status page. */
function TopCampaignsFigure({ campaigns, view }: { campaigns: OverviewAnswer['topCampaigns']; view: View }) {
  return (
    <ChartFigure title="Top campaigns">
      {campaigns.length === 0 ? (
        <Text size="sm" c="dimmed">
          No sends in these 30 days.
        </Text>
      ) : (
        <List size="sm" spacing={2}>
          {campaigns.map((c) => (
            <List.Item key={c.message_id}>
              <Anchor component={Link} to={STATUS_PATHS[view].getHref(c.randomAlpha || String(c.message_id))}>
                {c.title || 'Message'}
              </Anchor>
              : {countText(c.posted, 'recipient')}, {number.format(c.sent)} delivered
            </List.Item>
          ))}
        </List>
      )}
    </ChartFigure>
  );
}

function busiest(days: readonly { day: string; total: number }[]): string {
  const top = days.reduce((a, b) => (b.total > a.total ? b : a), days[0] ?? { day: '', total: 0 });
  return top.total > 0 ? `was ${top.day} (${number.format(top.total)})` : 'had none';
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="xs" radius="md" role="group" aria-label={`${label} ${value}`}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="lg" fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

// Memo: the list above it refreshes every few seconds while a send is going; the charts redraw only
// when the overview itself changes.
export default memo(OverviewPanel);
