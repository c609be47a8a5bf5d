import { useState } from 'react';
import { Alert, Button, Group, List, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { displayPhone } from '../../domain/numbers/phone-number';
import { personNumber, PERSON_CONFIRM_MISMATCH, PERSON_NUMBER_INVALID } from '../../domain/account/person-data';
import { OPT_OUT_REASON_LABELS, type OptOutReason } from '../../domain/numbers/opt-out';
import { formatAccra } from '../../domain/dates';
import { plural } from '../../domain/plural';
import type { PersonSummary } from '../../api/person-data-api';
import { buildPersonDataExport } from '../../excel/export-file';
import { emitAlert } from '../../notify/alerts-bus';
import { useAction } from '../../sync/hooks/use-action';
import { erasePerson, personExport, personSummary } from '../../sync/person-data';
import { downloadBytes } from '../../ui/download';
import { DialogActions } from '../../ui/dialog-actions';
import { formatNumber } from '../../domain/numbers/number-format';

const replies = (n: number) => (n === 1 ? '1 reply' : `${formatNumber(n)} replies`);

export const PERSON_OFFLINE_NOTE = 'Looking up, exporting and erasing a number need a connection to the gateway.';

/**
 * A person's data (docs/compliance.md#a-persons-data): look up one number, see what the account
 * holds about it, export it to Excel or erase it (typing the number again to confirm). Online only.
 */
export function PersonDataSection({ online }: { online: boolean }) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [summary, setSummary] = useState<PersonSummary | null>(null);
  const [erasing, setErasing] = useState(false);
  const looking = useAction();

  const lookUp = () => {
    if (!personNumber(typed)) {
      setError(PERSON_NUMBER_INVALID);
      return;
    }
    setError(null);
    void looking.run(async () => setSummary(await personSummary(typed)));
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="person-data-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="person-data-title">
          A person&apos;s data
        </Title>
        <Text size="sm">
          When someone asks what you hold about them, or asks you to delete it, look up their number here. You can
          download everything in one Excel file, or erase it: their contacts are deleted, the number is hidden in your
          message history except its last three digits, and it stays on your opt-out list so they get no more messages.
        </Text>
        {!online && (
          <Text size="sm" c="dimmed" role="status">
            {PERSON_OFFLINE_NOTE}
          </Text>
        )}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            lookUp();
          }}
          noValidate
        >
          <Group align="flex-start" wrap="wrap" gap="sm">
            <TextInput
              label="Phone number"
              placeholder="024 123 4567"
              type="tel"
              value={typed}
              error={error}
              maxLength={40}
              onChange={(e) => {
                setTyped(e.currentTarget.value);
                setError(null);
                setSummary(null);
              }}
              w={{ base: '100%', xs: 240 }}
            />
            <Button type="submit" mt={{ base: 0, xs: 25 }} loading={looking.busy} disabled={!online}>
              Look up
            </Button>
          </Group>
        </form>
        {summary && <PersonSummaryView summary={summary} online={online} onErase={() => setErasing(true)} />}
      </Stack>
      {summary && erasing && (
        <EraseDialog
          summary={summary}
          onClose={() => setErasing(false)}
          onErased={async () => {
            setErasing(false);
            setSummary(await personSummary(summary.number).catch(() => null));
          }}
        />
      )}
    </Paper>
  );
}

/** What the account holds about the number, with its export and the way to erase it. */
function PersonSummaryView({
  summary,
  online,
  onErase,
}: {
  summary: PersonSummary;
  online: boolean;
  onErase: () => void;
}) {
  const exporting = useAction('The file could not be written. Please try again');
  const exportData = () =>
    void exporting.run(async () => {
      const data = await personExport(summary.number);
      downloadBytes(await buildPersonDataExport(data), `data-${summary.number}.xlsx`);
    });
  const held = summary.contacts + summary.messages + summary.inbound > 0;
  return (
    <Stack gap="xs" data-testid="person-summary">
      <Text size="sm" fw={600}>
        {displayPhone(summary.number)}
      </Text>
      <List size="sm" spacing={2}>
        <List.Item>{plural(summary.contacts, 'contact')} in your phone books</List.Item>
        <List.Item>{plural(summary.messages, 'message')} sent to it</List.Item>
        <List.Item>{replies(summary.inbound)} from it</List.Item>
        <List.Item>
          {summary.optout
            ? `On your opt-out list since ${formatAccra(summary.optout.created_at, 'd MMM yyyy')} (${
                OPT_OUT_REASON_LABELS[summary.optout.reason as OptOutReason] ?? summary.optout.reason
              })`
            : 'Not on your opt-out list'}
        </List.Item>
      </List>
      {summary.pending > 0 && (
        <Alert color="yellow" variant="light" role="status">
          {plural(summary.pending, 'message')} to this number {summary.pending === 1 ? 'is' : 'are'} still on the way.
          You can erase the number once {summary.pending === 1 ? 'it has' : 'they have'} been delivered or failed.
        </Alert>
      )}
      <Group gap="sm" wrap="wrap">
        <Button variant="light" onClick={exportData} loading={exporting.busy} disabled={!online}>
          Export their data to Excel
        </Button>
        <Button
          color="red"
          variant="light"
          onClick={onErase}
          disabled={!online || summary.pending > 0 || (!held && summary.optout !== null)}
        >
          Erase this number
        </Button>
      </Group>
    </Stack>
  );
}

/** Erasing asks for the number again: a slip of the finger must not erase someone else. */
function EraseDialog(props: { summary: PersonSummary; onClose: () => void; onErased: () => Promise<void> }) {
  const { summary, onClose, onErased } = props;
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const erasing = useAction();
  const shown = displayPhone(summary.number);
  const erase = () => {
    if (personNumber(confirm) !== summary.number) {
      setError(PERSON_CONFIRM_MISMATCH);
      return;
    }
    void erasing.run(async () => {
      const outcome = await erasePerson(summary.number, confirm);
      emitAlert({ message: outcome.message, severity: 'success' });
      await onErased();
    });
  };
  return (
    <Modal opened onClose={onClose} title={`Erase ${shown}`} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          erase();
        }}
        noValidate
      >
        <Stack gap="sm">
          <Text size="sm">
            This deletes {plural(summary.contacts, 'contact')} and hides the number in{' '}
            {plural(summary.messages, 'message')} and {replies(summary.inbound)}, except its last three digits. It
            cannot be undone. The number stays on your opt-out list, so this person gets no more messages from you.
          </Text>
          <TextInput
            label="Type the number again to confirm"
            type="tel"
            value={confirm}
            error={error}
            maxLength={40}
            onChange={(e) => {
              setConfirm(e.currentTarget.value);
              setError(null);
            }}
            data-autofocus
          />
          <DialogActions confirmLabel="Erase" color="red" onCancel={onClose} busy={erasing.busy} />
        </Stack>
      </form>
    </Modal>
  );
}
