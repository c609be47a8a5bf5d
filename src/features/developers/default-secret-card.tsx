import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ApiMode, RotatedSecret, SecretView } from '../../api/developer-api';
import { newDefaultSecret } from '../../sync/developers';
import { useAction } from '../../sync/hooks/use-action';
import { DialogActions } from '../../ui/dialog-actions';
import { SectionCard } from '../../ui/section-card';
import { ShownOnce } from './shown-once';
import { when } from './format';

/** The default signing secret of a mode: it signs the events sent to a send's callbackUrl. */
export function DefaultSecretCard({ mode, secret, online }: { mode: ApiMode; secret: SecretView; online: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const [made, setMade] = useState<RotatedSecret | null>(null);
  const { busy, run } = useAction();
  const rotate = () =>
    void run(async () => {
      setMade(await newDefaultSecret(mode));
      setConfirming(false);
    });
  return (
    <SectionCard id="developer-secret-title" title={`Signing secret for callback URLs (${mode})`}>
      <Text size="sm" c="dimmed">
        A send may name its own callbackUrl: that batch&apos;s events go there, signed with this secret.
      </Text>
      <Text size="sm">
        {secret.exists ? `Made ${when(secret.createdAt)}.` : 'None yet: make one before sending with a callbackUrl.'}
      </Text>
      {made && made.mode === mode && (
        <ShownOnce label="signing secret" secret={made.secret} testId="new-default-secret" />
      )}
      <Group>
        <Button
          variant={secret.exists ? 'light' : 'filled'}
          color={secret.exists ? 'red' : undefined}
          onClick={() => (secret.exists ? setConfirming(true) : rotate())}
          loading={busy && !confirming}
          disabled={!online}
        >
          {secret.exists ? 'Replace the secret' : 'Make the secret'}
        </Button>
      </Group>
      <Modal
        opened={confirming}
        onClose={() => !busy && setConfirming(false)}
        title="Replace the signing secret?"
        centered
      >
        <Stack gap="sm">
          <Text>The old secret stops at once: callback events are signed with the new one from now on.</Text>
          <DialogActions
            confirmLabel="Replace"
            color="red"
            onCancel={() => setConfirming(false)}
            onConfirm={rotate}
            busy={busy}
          />
        </Stack>
      </Modal>
    </SectionCard>
  );
}
