import { Alert, Button, CopyButton, Group, List, Stack, Text } from '@mantine/core';

/** The ten recovery codes, shown once: each signs in one time if the phone is lost. */
export function RecoveryCodes({
  codes,
  onDone,
  doneLabel,
}: {
  codes: string[];
  onDone: () => void;
  doneLabel: string;
}) {
  return (
    <Stack gap="sm">
      <Alert color="yellow" title="Save your recovery codes">
        <Text size="sm">
          Each code signs you in once if you lose your phone. They are shown only now: write them down or keep them in a
          password manager.
        </Text>
      </Alert>
      <List
        type="ordered"
        spacing={2}
        ff="monospace"
        data-testid="recovery-codes"
        style={{ columns: 2, columnGap: 'var(--mantine-spacing-xl)' }}
      >
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <Group>
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? 'Copied' : 'Copy codes'}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>{doneLabel}</Button>
      </Group>
    </Stack>
  );
}
