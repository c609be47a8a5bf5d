import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';

/** A secret in the answer that made it: shown this once, with a copy button. */
export function ShownOnce({ label, secret, testId }: { label: string; secret: string; testId: string }) {
  return (
    <Alert color="yellow" variant="light" title={`Your new ${label}`}>
      <Stack gap="xs">
        <Text size="sm">Copy it now: it is shown only this once.</Text>
        <Group gap="xs" wrap="nowrap" align="center">
          <Code style={{ overflowWrap: 'anywhere', flex: 1 }} data-testid={testId}>
            {secret}
          </Code>
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button size="compact-sm" variant="light" onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Alert>
  );
}
