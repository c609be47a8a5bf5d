// The delivery report's frame, without its charts: the status screen shows the placeholder at once,
// in the report's place and about its size, so the rows below do not jump down when the report's
// code and figures arrive (a phone stacks its four panels, over a thousand pixels).
import type { ReactNode } from 'react';
import { Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';

/** The report's heading and its grid of panels (one column on a phone, two from `sm`). */
export function ReportFrame({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  return (
    <section aria-label="Delivery report" aria-busy={busy}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Delivery report
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {children}
        </SimpleGrid>
      </Stack>
    </section>
  );
}

export function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="sm" radius="md" component="figure" m={0} aria-label={title}>
      <Text fw={600} size="sm" mb={4} component="figcaption">
        {title}
      </Text>
      {children}
    </Paper>
  );
}

/** Each panel's title and about the height of its chart and text. */
const PANELS = [
  { title: 'Delivery funnel', h: 290 },
  { title: 'By network', h: 300 },
  { title: 'Why messages failed', h: 150 },
  { title: 'Time to delivery and credits', h: 100 },
];

/** The report while its code or figures are on their way. */
export function ReportPlaceholder() {
  return (
    <ReportFrame busy>
      {PANELS.map(({ title, h }) => (
        <Panel key={title} title={title}>
          <Skeleton h={h} radius="sm" />
        </Panel>
      ))}
    </ReportFrame>
  );
}
