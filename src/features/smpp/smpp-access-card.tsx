import { useState, type ReactNode } from 'react';
import {
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  type MantineColor,
} from '@mantine/core';
import { SectionCard } from '../../ui/section-card';
import { DialogActions } from '../../ui/dialog-actions';
import { useOnline } from '../../ui/use-online';
import { useSession } from '../../sync/hooks/use-session';
import { MAX_CAP_CREDITS } from '../../domain/money/caps';
import { SMPP_MAX_BINDS, SMPP_MAX_THROUGHPUT, type SmppAccess } from '../../domain/account/smpp-access';
import { useSmppAccess, type SmppSettings } from './use-smpp-access';

const OFFLINE = 'This is your SMPP access as stored on this device. Changes need a connection';

/**
 * SMPP access (docs/smpp.md#credentials): turn it on, see the system_id, make a new password (shown
 * once), set the binds, the throughput and the allowed addresses; an admin sees its clients' binds.
 * Self-contained: it reads the signed-in account and the network itself.
 */
export function SmppAccessCard() {
  const session = useSession();
  const online = useOnline();
  const profileId = session.status === 'signed-in' ? session.user.profile_id : null;
  const { access, password, settings, edit, busy, change, save } = useSmppAccess(profileId, online);
  /** The dialog open: turning access on (it opens a credential to the network), or a new password. */
  const [confirming, setConfirming] = useState<'turn-on' | 'password' | null>(null);

  if (profileId === null) return null;

  const setUp = access?.systemId != null;
  return (
    <SectionCard id="smpp-title" title="SMPP access">
      <Text size="sm" c="dimmed">
        Bind your own SMPP client (Kannel, Jasmin or your own) to send and receive delivery receipts as you would with a
        carrier. Your approved sender IDs, opt-out list and credit apply as in the app.
      </Text>
      {!online && (
        <Text size="sm" c="dimmed" role="status">
          {OFFLINE}
        </Text>
      )}
      {setUp ? (
        <>
          <Switch
            label="SMPP access enabled"
            checked={access.enabled}
            disabled={!online || busy}
            onChange={(e) => (e.currentTarget.checked ? setConfirming('turn-on') : void change({ enabled: false }))}
          />
          <Group gap="xs">
            <Text size="sm">system_id</Text>
            <Code data-testid="smpp-system-id">{access.systemId}</Code>
            <Text size="sm" c="dimmed">
              {access.binds === 1 ? '1 bind open' : `${access.binds} binds open`}
            </Text>
          </Group>
        </>
      ) : (
        <Text size="sm">SMPP access is off for this account.</Text>
      )}
      {password && <ShownPassword password={password} />}
      {setUp && <SmppSettingsFields settings={settings} edit={edit} online={online} />}
      <Group>
        {setUp ? (
          <>
            <Button onClick={() => void save()} loading={busy} disabled={!online}>
              Save SMPP settings
            </Button>
            <Button variant="light" color="red" onClick={() => setConfirming('password')} disabled={!online || busy}>
              Make a new password
            </Button>
          </>
        ) : (
          <Button onClick={() => setConfirming('turn-on')} loading={busy} disabled={!online}>
            Turn on SMPP access
          </Button>
        )}
      </Group>
      {access?.clients && access.clients.length > 0 && <ClientBinds clients={access.clients} />}
      <ConfirmDialog
        opened={confirming === 'turn-on'}
        title="Turn on SMPP access?"
        confirmLabel="Turn on SMPP access"
        color="blue"
        busy={busy}
        onClose={() => setConfirming(null)}
        onConfirm={() => change({ enabled: true })}
      >
        <Text>
          Any SMPP client with this account&apos;s system_id and password can then send from your account, charged to
          your credit. The password is shown once; keep it where only your systems can read it.
        </Text>
        <Text size="sm" c="dimmed">
          Once it is on, list the addresses your servers connect from under Allowed IP addresses, so no other address
          can bind.
        </Text>
      </ConfirmDialog>
      <ConfirmDialog
        opened={confirming === 'password'}
        title="Make a new SMPP password?"
        confirmLabel="Make a new password"
        color="red"
        busy={busy}
        onClose={() => setConfirming(null)}
        onConfirm={() => change({ newPassword: true })}
      >
        <Text>Binds open now keep going; every new bind must use the new password.</Text>
      </ConfirmDialog>
    </SectionCard>
  );
}

/** A question before a change to the credential: the change runs on confirm, and the dialog closes after it. */
function ConfirmDialog(props: {
  opened: boolean;
  title: string;
  confirmLabel: string;
  color: MantineColor;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => Promise<unknown>;
  children: ReactNode;
}) {
  const { opened, title, confirmLabel, color, busy, onClose, onConfirm, children } = props;
  return (
    <Modal opened={opened} onClose={() => !busy && onClose()} title={title} centered>
      <Stack gap="sm">
        {children}
        <DialogActions
          confirmLabel={confirmLabel}
          color={color}
          onCancel={onClose}
          onConfirm={() => void onConfirm().then(onClose)}
          busy={busy}
        />
      </Stack>
    </Modal>
  );
}

/** A new password, shown this once with a button to copy it. */
function ShownPassword({ password }: { password: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <Text size="sm">Password, shown this once:</Text>
      <Code data-testid="smpp-password">{password}</Code>
      <CopyButton value={password}>
        {({ copied, copy }) => (
          <Button size="compact-sm" variant="light" onClick={copy}>
            {copied ? 'Copied' : 'Copy password'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/** The binds, the throughput, the daily cap and the allowed addresses, as typed until saved. */
function SmppSettingsFields(props: {
  settings: SmppSettings;
  edit: (field: keyof SmppSettings) => (value: number | string) => void;
  online: boolean;
}) {
  const { settings, edit, online } = props;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NumberInput
          label="Maximum binds"
          description="At the same time, over every bind type"
          min={1}
          max={SMPP_MAX_BINDS}
          value={settings.maxBinds}
          onChange={edit('maxBinds')}
          disabled={!online}
        />
        <NumberInput
          label="Throughput (parts per second)"
          description="0 sends nothing"
          min={0}
          max={SMPP_MAX_THROUGHPUT}
          value={settings.throughput}
          onChange={edit('throughput')}
          disabled={!online}
        />
        <NumberInput
          label="Daily cap (credits)"
          description="Submits past it are refused; empty for none"
          placeholder="No cap"
          min={1}
          max={MAX_CAP_CREDITS}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator=","
          value={settings.dailyCap}
          onChange={edit('dailyCap')}
          disabled={!online}
        />
      </SimpleGrid>
      <TextInput
        label="Allowed IP addresses"
        description="Addresses or CIDR blocks, separated by commas; any address when empty"
        value={settings.ips}
        onChange={(e) => edit('ips')(e.currentTarget.value)}
        disabled={!online}
      />
    </>
  );
}

/** An admin's clients with SMPP access and how many binds each has open. */
function ClientBinds({ clients }: { clients: NonNullable<SmppAccess['clients']> }) {
  return (
    <Table striped withTableBorder aria-label="Your clients' SMPP binds">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Client</Table.Th>
          <Table.Th>system_id</Table.Th>
          <Table.Th>Binds open</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {clients.map((c) => (
          <Table.Tr key={c.systemId}>
            <Table.Td>{c.username}</Table.Td>
            <Table.Td>{c.systemId}</Table.Td>
            <Table.Td>{c.binds}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
