import { Paper, Text, Title } from '@mantine/core';

type ComingSoonProps = { title: string };

/** A screen whose issue is still open: says so plainly instead of pretending. */
export function ComingSoon({ title }: ComingSoonProps) {
  return (
    <Paper withBorder p="xl" radius="md">
      <Title order={1} size="h3" mb="sm">
        {title}
      </Title>
      <Text c="dimmed">This screen is being built and will arrive in an update of the app.</Text>
    </Paper>
  );
}
