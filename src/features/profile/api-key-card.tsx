import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { APP_PATHS } from '../../domain/navigation/app-paths';
import { DialogActions } from '../../ui/dialog-actions';
import { SectionCard } from '../../ui/section-card';
import { useAction } from '../../sync/hooks/use-action';
import { newApiKey } from '../../sync/profile';
import { useOnline } from '../../ui/use-online';

const example = (origin: string, key: string) => `curl -X POST ${origin}/smsgateway/api/sendsms \\
  -H "Authorization: Bearer ${key}" -H "Content-Type: application/json" -H "Accept: application/json" \\
  -d '{"messageobject":[{"shortMessage":"Hello from our shop","destinationAddress":"233241234567,233201234567",
       "sourceAddress":"YOURID","messageType":"quick sms","typeandsubtype":"quick:regular"}]}'`;

/**
 * The account's own API key, for the older send endpoint (docs/api.md#sends): generate a new one (the old
 * one stops working) and copy it; shown once, as the gateway keeps only its hash. The Profile shows it (the
 * specification's place) and so does the Developers page, where every other way in is (docs/api-v1.md):
 * `place` says which, so each says where the rest is.
 */
export function ApiKeyCard({ place }: { place: 'profile' | 'developers' }) {
  const online = useOnline();
  const [confirming, setConfirming] = useState(false);
  const [key, setKey] = useState<string | null>(null);
  const { busy, run } = useAction();

  const generate = async () => {
    await run(async () => {
      setKey(await newApiKey());
      setConfirming(false);
    });
  };

  return (
    <SectionCard
      id={place === 'profile' ? 'apikey-title' : 'account-apikey-title'}
      title={place === 'profile' ? 'API key' : 'Account API key (older send endpoint)'}
    >
      <Text size="sm" c="dimmed">
        The account&apos;s own key sends SMS through the older endpoint, <Code>POST /smsgateway/api/sendsms</Code>. For
        your safety it is shown only when it is generated: copy it then.
      </Text>
      {place === 'profile' ? (
        <Text size="sm">
          New systems should use the API on the{' '}
          <Anchor component={Link} to={APP_PATHS.developers.getHref()}>
            Developers page
          </Anchor>
          : keys limited to what they need, test keys, delivery webhooks and SMPP access are all there.
        </Text>
      ) : (
        <Text size="sm">
          It works only with that endpoint. The keys above are for the API; prefer them for new systems: each can be
          limited, capped and revoked on its own.
        </Text>
      )}
      {key && (
        <Stack gap="xs">
          <Group gap="xs" wrap="nowrap" align="center">
            <Code style={{ overflowWrap: 'anywhere', flex: 1 }} data-testid="api-key">
              {key}
            </Code>
            <CopyButton value={key}>
              {({ copied, copy }) => (
                <Button size="compact-sm" variant="light" onClick={copy}>
                  {copied ? 'Copied' : 'Copy API key'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="sm">Send a message with it:</Text>
          <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {example(window.location.origin, key)}
          </Code>
        </Stack>
      )}
      <Group>
        <Button variant="light" color="red" onClick={() => setConfirming(true)} disabled={!online}>
          Generate a new API key
        </Button>
      </Group>
      <Modal opened={confirming} onClose={() => !busy && setConfirming(false)} title="Generate a new API key?" centered>
        <Stack gap="sm">
          <Text>Your current API key stops working at once: anything that sends with it must use the new one.</Text>
          <DialogActions
            confirmLabel="Generate"
            color="red"
            onCancel={() => setConfirming(false)}
            onConfirm={() => void generate()}
            busy={busy}
          />
        </Stack>
      </Modal>
    </SectionCard>
  );
}
