import { useState } from 'react';
import { Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import type { ApiKeyView, ApiMode, CreatedKey } from '../../api/developer-api';
import { revokeApiKey } from '../../sync/developers';
import { useAction } from '../../sync/hooks/use-action';
import { DialogActions } from '../../ui/dialog-actions';
import { SectionCard } from '../../ui/section-card';
import { CreateKeyDialog } from './create-key-dialog';
import { ShownOnce } from './shown-once';
import { when } from './format';
import { KeyCapDialog } from './key-cap-dialog';
import { formatNumber } from '../../domain/numbers/number-format';

/** The account's API keys of one mode: create with scopes, allow-list and expiry; revoke; last use. */
export function KeysCard({ mode, keys, online }: { mode: ApiMode; keys: ApiKeyView[]; online: boolean }) {
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);
  const [capping, setCapping] = useState<ApiKeyView | null>(null);
  const [created, setCreated] = useState<CreatedKey | null>(null);
  const { busy, run } = useAction();
  const shown = keys.filter((k) => k.mode === mode);

  const revoke = () =>
    void run(async () => {
      if (revoking) await revokeApiKey(revoking.id);
      setRevoking(null);
    });

  return (
    <SectionCard id="developer-keys-title" title={`API keys (${mode})`}>
      <Text size="sm" c="dimmed">
        {mode === 'test'
          ? 'A test key sends nothing and takes no credit: each number gets the outcome its last digits ask for.'
          : 'A live key sends for real and takes credit. Give each system its own key, with only the scopes it needs.'}
      </Text>
      {created && created.mode === mode && <ShownOnce label="API key" secret={created.secret} testId="new-api-key" />}
      {shown.length === 0 ? (
        <Text size="sm">No {mode} keys yet.</Text>
      ) : (
        <KeysTable mode={mode} keys={shown} online={online} onRevoke={setRevoking} onCap={setCapping} />
      )}
      <Group>
        <Button onClick={() => setCreating(true)} disabled={!online}>
          Create a {mode} key
        </Button>
      </Group>

      <CreateKeyDialog
        mode={mode}
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(key) => {
          setCreated(key);
          setCreating(false);
        }}
      />
      {capping && <KeyCapDialog apiKey={capping} onClose={() => setCapping(null)} />}
      <Modal opened={revoking !== null} onClose={() => !busy && setRevoking(null)} title="Revoke this key?" centered>
        <Stack gap="sm">
          <Text>
            {revoking?.name} (…{revoking?.secretEnding}) stops working at once: anything that uses it must get a new
            key.
          </Text>
          <DialogActions
            confirmLabel="Revoke"
            color="red"
            onCancel={() => setRevoking(null)}
            onConfirm={revoke}
            busy={busy}
          />
        </Stack>
      </Modal>
    </SectionCard>
  );
}

type KeysTableProps = {
  mode: ApiMode;
  keys: ApiKeyView[];
  online: boolean;
  onRevoke: (key: ApiKeyView) => void;
  onCap: (key: ApiKeyView) => void;
};

/** The keys with their scopes, allowed addresses, daily cap, last use and expiry; each may be capped or revoked (online). */
function KeysTable({ mode, keys, online, onRevoke, onCap }: KeysTableProps) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped verticalSpacing="xs" aria-label={`API keys (${mode})`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Scopes</Table.Th>
            <Table.Th>Ends with</Table.Th>
            <Table.Th>Daily cap</Table.Th>
            <Table.Th>Last used</Table.Th>
            <Table.Th>Expires</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((k) => (
            <Table.Tr key={k.id}>
              <Table.Td>
                {k.name}
                {k.allowedIps.length > 0 && (
                  <Text size="xs" c="dimmed">
                    Only from {k.allowedIps.join(', ')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {k.scopes.map((s) => (
                    <Badge key={s} variant="light" size="sm" tt="none">
                      {s}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>…{k.secretEnding}</Table.Td>
              <Table.Td>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  disabled={!online}
                  onClick={() => onCap(k)}
                  aria-label={`Daily cap of ${k.name}`}
                >
                  {k.dailyCap ? `${formatNumber(k.dailyCap)} credits` : 'None'}
                </Button>
              </Table.Td>
              <Table.Td>{when(k.lastUsedAt)}</Table.Td>
              <Table.Td>{k.expiresAt ? when(k.expiresAt) : 'Never'}</Table.Td>
              <Table.Td>
                <Button size="compact-sm" variant="subtle" color="red" disabled={!online} onClick={() => onRevoke(k)}>
                  Revoke
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
