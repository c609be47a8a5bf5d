// The dashboard overview's two charts (overview-panel.tsx), in a module of their own: recharts is the
// largest code of the dashboard, and it loads only once the charts draw, after the list has shown.
import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { numberFormat } from '../../domain/numbers/number-format';

/** One day of the last 30: its recipients by outcome and its delivery rate (null when none ended). */
export type ChartDay = { day: string; Delivered: number; Failed: number; Pending: number; rate: number | null };

const number = numberFormat();

/** Recipients per day, stacked by outcome. Hidden from assistive technology: its numbers are in text beside it. */
export function DaysChart({ days, height }: { days: ChartDay[]; height: number }) {
  return (
    <BarChart
      h={height}
      data={days}
      dataKey="day"
      type="stacked"
      series={[
        { name: 'Delivered', color: 'teal.7' },
        { name: 'Failed', color: 'red.7' },
        { name: 'Pending', color: 'gray.5' },
      ]}
      gridAxis="none"
      valueFormatter={(v) => number.format(v)}
      yAxisProps={{ allowDecimals: false }}
      aria-hidden
    />
  );
}

/** The delivery rate per day, in percent. Hidden from assistive technology as DaysChart is. */
export function RateChart({ days, height }: { days: ChartDay[]; height: number }) {
  return (
    <LineChart
      h={height}
      data={days}
      dataKey="day"
      series={[{ name: 'rate', label: 'Delivered %', color: 'teal.7' }]}
      connectNulls
      yAxisProps={{ domain: [0, 100] }}
      gridAxis="none"
      unit="%"
      aria-hidden
    />
  );
}
