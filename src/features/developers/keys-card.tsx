import { useState } from 'react';
import { Badge, Button, Checkbox, Group, Modal, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { API_SCOPES } from '../../domain/api-v1/schemas';
import type { ApiKeyView, ApiMode, CreatedKey } from '../../api/developer-api';
import { newApiKey, revokeApiKey } from '../../sync/developers';
import { useAction } from '../../sync/hooks/use-action';
import { DialogActions } from '../../ui/dialog-actions';
import { SectionCard } from '../../ui/section-card';
import { ShownOnce } from './shown-once';
import { when } from './format';

const SCOPE_WORDS: Record<(typeof API_SCOPES)[number], string> = {
  'messages:send': 'Send messages, cancel batches, manage opt-outs',
  'messages:read': 'Read messages and batches',
  'balance:read': 'Read the balance',
  'webhooks:manage': 'Manage webhook endpoints',
};

const ipsOf = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** The account's API keys of one mode: create with scopes, allow-list and expiry; revoke; last use. */
export function KeysCard({ mode, keys, online }: { mode: ApiMode; keys: ApiKeyView[]; online: boolean }) {
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);
  const [created, setCreated] = useState<CreatedKey | null>(null);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>(['messages:send', 'messages:read', 'balance:read']);
  const [ips, setIps] = useState('');
  const [expires, setExpires] = useState('');
  const { busy, run } = useAction();
  const shown = keys.filter((k) => k.mode === mode);

  const create = () =>
    void run(async () => {
      const key = await newApiKey({
        name: name.trim(),
        scopes: scopes as ApiKeyView['scopes'],
        mode,
        ...(ips.trim() ? { allowedIps: ipsOf(ips) } : {}),
        ...(expires ? { expiresAt: new Date(`${expires}T23:59:00Z`).toISOString() } : {}),
      });
      setCreated(key);
      setCreating(false);
      setName('');
    });
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
        <Table.ScrollContainer minWidth={560}>
          <Table striped verticalSpacing="xs" aria-label={`API keys (${mode})`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Scopes</Table.Th>
                <Table.Th>Ends with</Table.Th>
                <Table.Th>Last used</Table.Th>
                <Table.Th>Expires</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((k) => (
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
                  <Table.Td>{when(k.lastUsedAt)}</Table.Td>
                  <Table.Td>{k.expiresAt ? when(k.expiresAt) : 'Never'}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      disabled={!online}
                      onClick={() => setRevoking(k)}
                    >
                      Revoke
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group>
        <Button onClick={() => setCreating(true)} disabled={!online}>
          Create a {mode} key
        </Button>
      </Group>

      <Modal opened={creating} onClose={() => !busy && setCreating(false)} title={`Create a ${mode} key`} centered>
        <Stack
          gap="sm"
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            create();
          }}
        >
          <TextInput
            label="Name"
            description="Which system uses it, so you know what stops if you revoke it"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={100}
            required
          />
          <Checkbox.Group label="What it may do" value={scopes} onChange={setScopes} required>
            <Stack gap={6} mt={6}>
              {API_SCOPES.map((s) => (
                <Checkbox key={s} value={s} label={s} description={SCOPE_WORDS[s]} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Textarea
            label="Only from these addresses (optional)"
            description="IP addresses or CIDR blocks, separated by commas or lines; any address when empty"
            value={ips}
            onChange={(e) => setIps(e.currentTarget.value)}
            autosize
            minRows={2}
          />
          <TextInput
            type="date"
            label="Stops working after (optional)"
            value={expires}
            onChange={(e) => setExpires(e.currentTarget.value)}
          />
          <DialogActions confirmLabel="Create key" onCancel={() => setCreating(false)} busy={busy} />
        </Stack>
      </Modal>
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
