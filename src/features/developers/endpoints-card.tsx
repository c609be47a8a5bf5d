import { useState } from 'react';
import { Badge, Button, Checkbox, Group, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { WEBHOOK_EVENTS } from '../../domain/api-v1/webhook-schemas';
import type { ApiMode, CreatedEndpoint, EndpointEvent, EndpointView } from '../../api/developer-api';
import { emitAlert } from '../../notify/alerts-bus';
import { addEndpoint, removeEndpoint, testEndpoint } from '../../sync/developers';
import { useAction } from '../../sync/hooks/use-action';
import { DialogActions } from '../../ui/dialog-actions';
import { SectionCard } from '../../ui/section-card';
import { DeliveryLog } from './delivery-log';
import { ShownOnce } from './shown-once';

const EVENT_WORDS: Record<(typeof WEBHOOK_EVENTS)[number], string> = {
  'message.delivered': 'Delivered to the phone',
  'message.failed': 'Not delivered',
  'message.rejected': 'Refused by the network',
  'message.expired': 'Expired before reaching the phone',
  'message.unconfirmed': 'Sent, no delivery report came',
  'balance.low': 'Balance fell under the alert level (live only)',
  'link.clicked': 'A person clicked a short link',
};

/** One endpoint: its URL, events and state; a test event, its delivery log, delete. */
function EndpointRow({ endpoint, online }: { endpoint: EndpointView; online: boolean }) {
  const [open, setOpen] = useState(false);
  const [round, setRound] = useState(0);
  const [deleting, setDeleting] = useState(false);
  const { busy, run } = useAction();
  const test = () =>
    void run(async () => {
      await testEndpoint(endpoint.id);
      emitAlert({ message: 'A test event is on its way: the delivery log shows how it went', severity: 'success' });
      setOpen(true);
      setRound((r) => r + 1);
    });
  const remove = () =>
    void run(async () => {
      await removeEndpoint(endpoint.id);
      setDeleting(false);
    });
  return (
    <Paper withBorder p="sm" radius="sm" component="article" aria-label={endpoint.url}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {endpoint.url}
          </Text>
          <Badge color={endpoint.status === 'enabled' ? 'green' : 'gray'} variant="light">
            {endpoint.status === 'enabled' ? 'Enabled' : 'Disabled'}
          </Badge>
        </Group>
        {endpoint.disabledReason && (
          <Text size="sm" c="red">
            {endpoint.disabledReason}: nothing more is sent to it. Add a new endpoint to receive again.
          </Text>
        )}
        <Group gap={4}>
          {endpoint.events.map((e) => (
            <Badge key={e} variant="outline" size="sm" tt="none">
              {e}
            </Badge>
          ))}
        </Group>
        <Group gap="xs">
          <Button size="compact-sm" variant="light" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
            {open ? 'Hide the delivery log' : 'Delivery log'}
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            onClick={test}
            loading={busy}
            disabled={!online || endpoint.status !== 'enabled'}
          >
            Send a test event
          </Button>
          <Button size="compact-sm" variant="subtle" color="red" onClick={() => setDeleting(true)} disabled={!online}>
            Delete
          </Button>
        </Group>
        {open && <DeliveryLog endpointId={endpoint.id} online={online} round={round} />}
      </Stack>
      <Modal opened={deleting} onClose={() => !busy && setDeleting(false)} title="Delete this endpoint?" centered>
        <Stack gap="sm">
          <Text style={{ overflowWrap: 'anywhere' }}>
            Nothing more is sent to {endpoint.url}, and its delivery log goes with it.
          </Text>
          <DialogActions
            confirmLabel="Delete"
            color="red"
            onCancel={() => setDeleting(false)}
            onConfirm={remove}
            busy={busy}
          />
        </Stack>
      </Modal>
    </Paper>
  );
}

/** Webhook endpoints of one mode: add (its signing secret shown once), and each with its log. */
export function EndpointsCard({
  mode,
  endpoints,
  online,
}: {
  mode: ApiMode;
  endpoints: EndpointView[];
  online: boolean;
}) {
  const [adding, setAdding] = useState(false);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>(['message.delivered', 'message.failed']);
  const [created, setCreated] = useState<CreatedEndpoint | null>(null);
  const { busy, run } = useAction();
  const add = () =>
    void run(async () => {
      setCreated(await addEndpoint(mode, url.trim(), events as EndpointEvent[]));
      setAdding(false);
      setUrl('');
    });
  return (
    <SectionCard id="developer-webhooks-title" title={`Webhook endpoints (${mode})`}>
      <Text size="sm" c="dimmed">
        The gateway POSTs each message&apos;s final status to your URL, signed the Standard Webhooks way
        {mode === 'live' ? ', and balance.low when a send takes your balance under your alert level' : ''}. Answer any
        2xx within 15 seconds; other answers are retried for about a day.
      </Text>
      {created && created.mode === mode && (
        <ShownOnce label="signing secret" secret={created.secret} testId="new-endpoint-secret" />
      )}
      {endpoints.length === 0 ? (
        <Text size="sm">No {mode} endpoints yet.</Text>
      ) : (
        endpoints.map((e) => <EndpointRow key={e.id} endpoint={e} online={online} />)
      )}
      <Group>
        <Button onClick={() => setAdding(true)} disabled={!online}>
          Add an endpoint
        </Button>
      </Group>
      <Modal opened={adding} onClose={() => !busy && setAdding(false)} title={`Add a ${mode} endpoint`} centered>
        <Stack
          gap="sm"
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            add();
          }}
        >
          <TextInput
            label="URL"
            description="An https address on the public internet"
            placeholder="https://shop.example.com/sms-events"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            required
            type="url"
          />
          <Checkbox.Group label="Events to receive" value={events} onChange={setEvents}>
            <Stack gap={6} mt={6}>
              {WEBHOOK_EVENTS.filter((e) => mode === 'live' || e !== 'balance.low').map((e) => (
                <Checkbox key={e} value={e} label={e} description={EVENT_WORDS[e]} />
              ))}
            </Stack>
          </Checkbox.Group>
          <DialogActions confirmLabel="Add endpoint" onCancel={() => setAdding(false)} busy={busy} />
        </Stack>
      </Modal>
    </SectionCard>
  );
}
