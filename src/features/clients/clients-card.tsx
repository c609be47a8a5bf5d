import { useMemo, useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ClientAnswer } from '../../api/clients-api';
import { formatAccra } from '../../domain/dates';
import { balanceOf } from '../../domain/account/permissions';
import { matchesSearch } from '../../domain/search';
import { buildCustomerData } from '../../excel/export-file';
import { emitAlert } from '../../notify/alerts-bus';
import { downloadBytes } from '../../ui/download';
import { VirtualList } from '../../ui/virtual-list';
import { SEARCH_MAX_LENGTH } from '../../domain/constants';
import { displayPhone } from '../../domain/numbers/phone-number';
import { noteExport } from '../../sync/security';
import { underThreshold } from '../../domain/money/caps';
import { ClientCapDialog } from './client-cap-dialog';
import { Link } from 'react-router-dom';
import { statementHref } from '../../domain/navigation/app-paths';
import { numberFormat } from '../../domain/numbers/number-format';

const ROW_HEIGHT = 178;
const number = numberFormat();

// Searched on what the list shows, so a match is always visible in its row.
const SEARCHED: readonly (keyof ClientAnswer)[] = [
  'username',
  'companyname',
  'email',
  'telnumber',
  'accountType',
  'senderidapproved',
  'pendingsenderid',
];
const searchable = (c: ClientAnswer) => Object.fromEntries(SEARCHED.map((k) => [k, c[k]]));

/** The searchable clients list (virtualised for thousands) and the customer data export. */
export function ClientsCard({ clients, known }: { clients: readonly ClientAnswer[]; known: boolean }) {
  const [search, setSearch] = useState('');
  const [exporting, setExporting] = useState(false);
  const [capping, setCapping] = useState<ClientAnswer | null>(null);
  const low = useMemo(() => clients.filter(isLow).length, [clients]);
  const index = useMemo(() => clients.map((c) => ({ client: c, fields: searchable(c) })), [clients]);
  const shown = useMemo(
    () => (search.trim() ? index.filter((i) => matchesSearch(i.fields, search)) : index),
    [index, search],
  );

  const exportCustomers = async () => {
    setExporting(true);
    try {
      downloadBytes(await buildCustomerData(clients), `customer-data-${formatAccra(Date.now(), 'yyyy-MM-dd')}.xlsx`);
      noteExport('clients', clients.length);
    } catch {
      emitAlert({ message: 'The customer data could not be written. Please try again', severity: 'error' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="clients-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm" align="flex-end">
          <Title order={2} size="h4" id="clients-title">
            Clients{' '}
            {known && (
              <Text span c="dimmed" fw={400}>
                ({number.format(clients.length)})
              </Text>
            )}
          </Title>
          {low > 0 && (
            <Badge color="orange" variant="light" size="lg">
              {number.format(low)} under their alert level
            </Badge>
          )}
          <Button
            variant="light"
            onClick={() => void exportCustomers()}
            loading={exporting}
            disabled={clients.length === 0}
          >
            Export customer data (Excel)
          </Button>
        </Group>
        <TextInput
          label="Search clients"
          placeholder="Username, company, email, phone, sender ID"
          value={search}
          maxLength={SEARCH_MAX_LENGTH}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        {known && shown.length === 0 && (
          <Text c="dimmed">
            {clients.length === 0 ? 'You do not have any clients yet.' : 'No client matches your search.'}
          </Text>
        )}
        {shown.length > 0 && (
          <VirtualList
            items={shown}
            rowHeight={ROW_HEIGHT}
            height={`min(72vh, ${shown.length * ROW_HEIGHT + 8}px)`}
            itemKey={(i) => String(i.client.profile_id)}
            renderItem={(i) => <ClientRow client={i.client} onCap={() => setCapping(i.client)} />}
            label="Clients"
          />
        )}
      </Stack>
      {capping && <ClientCapDialog client={capping} onClose={() => setCapping(null)} />}
    </Paper>
  );
}

/** A client whose balance is under the alert level it set. */
const isLow = (c: ClientAnswer) =>
  balanceOf(c).unit !== 'USD' && underThreshold(c.creditbalance, c.lowbalancethreshold);

function ClientRow({ client: c, onCap }: { client: ClientAnswer; onCap: () => void }) {
  const balance = balanceOf(c);
  // The pending ones first: they wait for the admin, and a phone's narrow row cuts the line's end.
  const ids = [c.pendingsenderid && `${c.pendingsenderid} (pending)`, c.senderidapproved].filter(Boolean).join(' · ');
  // A line each for the company, the contact details and the sender IDs, so a phone's narrow row cuts none.
  return (
    <Stack
      gap={0}
      py={6}
      px={4}
      h="100%"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', overflow: 'hidden' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {c.username}
          </Text>
          {c.accountType && (
            <Badge size="sm" variant="light" color="gray" style={{ flexShrink: 0 }}>
              {c.accountType}
            </Badge>
          )}
        </Group>
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {balance.unit === 'USD' ? `USD ${number.format(balance.amount)}` : `${number.format(balance.amount)} credits`}
        </Text>
      </Group>
      <Text size="sm" truncate>
        {c.companyname || 'No company name'}
      </Text>
      <Text size="sm" c="dimmed" truncate>
        {[c.email, c.telnumber && displayPhone(c.telnumber)].filter(Boolean).join(' · ')}
      </Text>
      <Text size="sm" c="dimmed" truncate>
        {c.creditexpires ? `Expires ${formatAccra(c.creditexpires * 1000, 'dd MMM yyyy')}` : 'No credit expiry'}
      </Text>
      <Text size="sm" c="dimmed" truncate>
        {ids ? `Sender IDs: ${ids}` : 'No sender IDs'}
      </Text>
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed" truncate>
            {c.monthlycap ? `Monthly cap ${number.format(c.monthlycap)} credits` : 'No monthly cap'}
          </Text>
          {isLow(c) && (
            <Badge size="sm" variant="light" color="orange" style={{ flexShrink: 0 }}>
              Under alert level
            </Badge>
          )}
        </Group>
        <Button
          size="compact-sm"
          variant="subtle"
          onClick={onCap}
          aria-label={`Monthly cap of ${c.username}`}
          style={{ flexShrink: 0 }}
        >
          Set cap
        </Button>
      </Group>
      <Group gap="xs" wrap="nowrap" justify="flex-end">
        <Button
          size="compact-sm"
          variant="subtle"
          component={Link}
          to={statementHref(null, c.profile_id)}
          aria-label={`Statement of ${c.username}`}
        >
          Statement
        </Button>
      </Group>
    </Stack>
  );
}
