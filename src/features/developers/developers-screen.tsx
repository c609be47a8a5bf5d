import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Anchor, Group, SegmentedControl, Stack, Tabs, Text, Title } from '@mantine/core';
import { APP_PATHS } from '../../domain/navigation/app-paths';
import { API_V1_PATH } from '../../domain/navigation/api-paths';
import { OPENAPI_PATH } from '../../domain/contract/v1/operation';
import type { ApiMode } from '../../api/developer-api';
import { useDeveloperData } from '../../sync/hooks/use-developer-data';
import { useSession } from '../../sync/hooks/use-session';
import { OfflineNote } from '../../ui/offline-note';
import { useOnline } from '../../ui/use-online';
import { ClientUsageCard } from './client-usage-card';
import { DefaultSecretCard } from './default-secret-card';
import { EndpointsCard } from './endpoints-card';
import { ErrorsTable } from './errors-table';
import { KeysCard } from './keys-card';
import { ReferenceViewer } from './reference-viewer';
import { SamplesCard } from './samples-card';

/**
 * The Developers page (docs/api-v1.md): API keys, webhook endpoints with their delivery log and the
 * default signing secret, for the mode the switch shows; `/developers/api` has the samples, the error
 * codes and the full reference. Offline it shows what is stored and says changes need the network.
 * `extra` (SMPP access and the account's own key, composed in src/app/screens.tsx) follows the keys and
 * webhooks: this page is the one place for integration.
 */
export function DevelopersScreen({ tab, extra }: { tab: 'setup' | 'reference'; extra?: ReactNode }) {
  const session = useSession();
  const isAdmin = session.status === 'signed-in' && session.user.isAdmin;
  const online = useOnline();
  const state = useDeveloperData();
  const navigate = useNavigate();
  const [mode, setMode] = useState<ApiMode>('live');
  const data = state.list;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Developers
      </Title>
      <Text size="sm" c="dimmed">
        Your own systems send and read messages through the API at{' '}
        <Anchor href={OPENAPI_PATH} target="_blank" rel="noopener">
          {API_V1_PATH}
        </Anchor>
        . Make a key, send, and receive each message&apos;s status at your URL.
      </Text>
      <Text size="sm" c="dimmed">
        Everything for your systems is here: the API&apos;s keys and webhooks, SMPP access for an SMS gateway that
        binds, and the account&apos;s own key for the older send endpoint.
      </Text>
      <Tabs
        value={tab}
        keepMounted={false}
        onChange={(v) => navigate((v === 'reference' ? APP_PATHS.developersApi : APP_PATHS.developers).getHref())}
      >
        <Tabs.List>
          <Tabs.Tab value="setup">Keys and webhooks</Tabs.Tab>
          <Tabs.Tab value="reference">Reference</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="setup" pt="md">
          <Stack gap="md">
            <Group justify="space-between" wrap="wrap">
              <SegmentedControl
                aria-label="Mode shown"
                value={mode}
                onChange={(v) => setMode(v as ApiMode)}
                data={[
                  { value: 'live', label: 'Live' },
                  { value: 'test', label: 'Test' },
                ]}
              />
              <Text size="sm" c="dimmed">
                {mode === 'test'
                  ? 'Test mode: nothing is sent, nothing is charged.'
                  : 'Live mode: messages are sent and charged.'}
              </Text>
            </Group>
            {(!online || state.error) && (
              <OfflineNote online={online}>
                {data
                  ? 'This is what was stored on this device; changes need the network.'
                  : 'Your keys are shown once they have been read online.'}
              </OfflineNote>
            )}
            {data === undefined || (data === null && state.loading) ? (
              <Text size="sm">Reading your keys…</Text>
            ) : data ? (
              <>
                <KeysCard mode={mode} keys={data.keys} online={online} />
                <EndpointsCard mode={mode} endpoints={data.endpoints[mode]} online={online} />
                <DefaultSecretCard mode={mode} secret={data.secrets[mode]} online={online} />
              </>
            ) : null}
            {extra}
            {isAdmin && <ClientUsageCard online={online} />}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="reference" pt="md">
          <Stack gap="md">
            <SamplesCard />
            <ErrorsTable />
            <ReferenceViewer online={online} />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
