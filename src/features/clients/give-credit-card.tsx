import { useState } from 'react';
import { Button, Group, Modal, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { DialogActions } from '../../ui/dialog-actions';
import type { ClientAnswer } from '../../api/clients-api';
import { planCreditGift } from '../../domain/account/client-management';
import type { StoredUser } from '../../db/app-db';
import { emitAlert } from '../../notify/alerts-bus';
import { giveCredit, giveCreditAtRate } from '../../sync/clients';
import { describeFailure } from '../../sync/failures';
import { numberFormat } from '../../domain/numbers/number-format';

type Mode = 'amount' | 'rate';
type Pending = { client: ClientAnswer; credits: number; amount: string; rate?: string };
const number = numberFormat();

/** Credit giving (docs/product.md#client-management): by amount, or by rate for local accounts; the credits are shown before confirming. */
export function GiveCreditCard({
  user,
  clients,
  byRate,
  online,
}: {
  user: StoredUser;
  clients: readonly ClientAnswer[];
  byRate: boolean;
  online: boolean;
}) {
  const [mode, setMode] = useState<Mode>('amount');
  const [beneficiary, setBeneficiary] = useState('');
  const [amount, setAmount] = useState('');
  const [rate, setRate] = useState('');
  const [errors, setErrors] = useState<Partial<Record<GiftField, string>>>({});
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const atRate = byRate && mode === 'rate';

  const check = () => {
    const plan = planCreditGift(clients, user.profile_id, { beneficiary, amount, ...(atRate ? { rate } : {}) });
    if (!plan.ok) {
      // On its field only: a field's problem is said once.
      setErrors({ [plan.field]: plan.message });
      return;
    }
    setErrors({});
    setPending({
      client: plan.client,
      credits: plan.credits,
      amount: amount.trim(),
      ...(atRate ? { rate: rate.trim() } : {}),
    });
  };

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      const gift = { clientProfileId: pending.client.profile_id, amount: pending.amount };
      const message =
        pending.rate !== undefined ? await giveCreditAtRate({ ...gift, rate: pending.rate }) : await giveCredit(gift);
      emitAlert({ message: message || 'Credit given', severity: 'success' });
      setPending(null);
      setAmount('');
      setRate('');
      setBeneficiary('');
    } catch (error) {
      const failure = describeFailure(error);
      emitAlert({ message: failure.message, severity: failure.severity });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="give-credit-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id="give-credit-title">
            Give credit
          </Title>
          {byRate && (
            <SegmentedControl
              aria-label="Give credit by"
              value={mode}
              onChange={(v) => setMode(v as Mode)}
              data={[
                { value: 'amount', label: 'By amount' },
                { value: 'rate', label: 'By rate' },
              ]}
            />
          )}
        </Group>
        <GiftFields
          fields={{ beneficiary, amount, rate }}
          edit={{ beneficiary: setBeneficiary, amount: setAmount, rate: setRate }}
          errors={errors}
          atRate={atRate}
          online={online}
          onSubmit={check}
        />
        {!online && (
          <Text size="sm" c="dimmed">
            Giving credit needs a connection.
          </Text>
        )}
      </Stack>
      <ConfirmCreditDialog pending={pending} busy={busy} onCancel={() => setPending(null)} onConfirm={confirm} />
    </Paper>
  );
}

type GiftField = 'beneficiary' | 'amount' | 'rate';

/** Who gets the credit and how much (by rate: the money and the rate); each problem said on its field. */
function GiftFields(props: {
  fields: Record<GiftField, string>;
  edit: Record<GiftField, (value: string) => void>;
  errors: Partial<Record<GiftField, string>>;
  atRate: boolean;
  online: boolean;
  onSubmit: () => void;
}) {
  const { fields, edit, errors, atRate, online, onSubmit } = props;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <Group align="flex-start" wrap="wrap" gap="sm">
        <TextInput
          label="Username or email"
          value={fields.beneficiary}
          onChange={(e) => edit.beneficiary(e.currentTarget.value)}
          error={errors.beneficiary}
          w={{ base: '100%', sm: 260 }}
          autoComplete="off"
        />
        <TextInput
          label={atRate ? 'Amount (GHS)' : 'Amount (credits)'}
          value={fields.amount}
          onChange={(e) => edit.amount(e.currentTarget.value)}
          error={errors.amount}
          inputMode="decimal"
          w={{ base: '100%', sm: 160 }}
        />
        {atRate && (
          <TextInput
            label="Rate (GHS per SMS)"
            value={fields.rate}
            onChange={(e) => edit.rate(e.currentTarget.value)}
            error={errors.rate}
            inputMode="decimal"
            w={{ base: '100%', sm: 160 }}
          />
        )}
        <Button type="submit" mt={{ base: 0, sm: 25 }} disabled={!online}>
          Give credit
        </Button>
      </Group>
    </form>
  );
}

/** The credits the gift comes to, shown before it is given. */
function ConfirmCreditDialog(props: {
  pending: Pending | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => Promise<void>;
}) {
  const { pending, busy, onCancel, onConfirm } = props;
  return (
    <Modal opened={pending !== null} onClose={() => !busy && onCancel()} title="Confirm credit" centered>
      {pending && (
        <Stack gap="sm">
          <Text>
            Give <b>{number.format(pending.credits)} credits</b> to <b>{pending.client.username}</b>
            {pending.client.companyname ? ` (${pending.client.companyname})` : ''}?
          </Text>
          {pending.rate !== undefined && (
            <Text size="sm" c="dimmed">
              GHS {pending.amount} at {pending.rate} per SMS.
            </Text>
          )}
          <DialogActions confirmLabel="Confirm" onCancel={onCancel} onConfirm={() => void onConfirm()} busy={busy} />
        </Stack>
      )}
    </Modal>
  );
}
