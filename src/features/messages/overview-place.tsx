import { Group, Paper, SimpleGrid, Stack, Title } from '@mantine/core';

/** About the heights the overview's parts take (px): its four figures, its two charts, its two tables. */
const FIGURE_HEIGHT = 66;
const CHART_FRAME_HEIGHT = 260;
const TABLE_FRAME_HEIGHT = 120;

/**
 * The dashboard's overview's place while its code or its first copy comes: its title and the frames of
 * its figures, charts and tables at about their sizes, in its grid, so the list below it does not jump
 * down the screen (on a phone, by the overview's whole height) just as someone reaches for a message.
 * Still frames, no animation: a screen left open runs none.
 */
export function OverviewPlace() {
  return (
    <section aria-label="Last 30 days" aria-busy="true">
      <Stack gap="sm">
        <Group>
          <Title order={2} size="h4">
            Last 30 days
          </Title>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          {[0, 1, 2, 3].map((i) => (
            <Paper key={i} withBorder radius="md" h={FIGURE_HEIGHT} />
          ))}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Paper withBorder radius="md" h={CHART_FRAME_HEIGHT} />
          <Paper withBorder radius="md" h={CHART_FRAME_HEIGHT} />
          <Paper withBorder radius="md" h={TABLE_FRAME_HEIGHT} />
          <Paper withBorder radius="md" h={TABLE_FRAME_HEIGHT} />
        </SimpleGrid>
      </Stack>
    </section>
  );
}
