import { useEffect, useState } from 'react';
import { Alert, Button, Group, Switch, Text, TextInput } from '@mantine/core';
import type { AutoTopupAnswer } from '../../api/auto-topup-api';
import { AUTO_TOPUP_CARD_ONLY } from '../../domain/money/auto-topup';
import { emitAlert } from '../../notify/alerts-bus';
import { changeAutoTopup, loadAutoTopup } from '../../sync/auto-topup';
import { describeFailure } from '../../sync/failures';
import { FormStack } from '../../ui/form-stack';
import { SectionCard } from '../../ui/section-card';
import { numberFormat } from '../../domain/numbers/number-format';

export const AUTO_TOPUP_OFFLINE = 'Auto top-up is shown and changed with a connection.';
const number = numberFormat();

/** What some credits cost the account today, in GHS (before any tax the domain adds), or why none sell. */
type Price = (credits: number) => number | { problem: string };

/**
 * Card auto top-up (docs/product.md#auto-top-up): after a card purchase, "when my balance falls below
 * X credits, buy Y credits" with the saved card, priced as it is bought. Not offered for mobile money.
 */
export function AutoTopupCard({ online, refreshKey, price }: { online: boolean; refreshKey: number; price: Price }) {
  const [shown, setShown] = useState<AutoTopupAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!online) return;
    loadAutoTopup().then(setShown, (failure: unknown) => setError(describeFailure(failure).message));
  }, [online, refreshKey]);
  return (
    <SectionCard id="auto-topup-title" title="Auto top-up">
      {!online && !shown && (
        <Text size="sm" c="dimmed">
          {AUTO_TOPUP_OFFLINE}
        </Text>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      {shown && shown.card === null && (
        <Text size="sm" c="dimmed" data-testid="auto-topup-card-only">
          {AUTO_TOPUP_CARD_ONLY}
        </Text>
      )}
      {shown && shown.card !== null && <AutoTopupForm shown={shown} online={online} onSaved={setShown} price={price} />}
    </SectionCard>
  );
}

/** The price line under the credits typed: what they cost at today's prices, when they are a number. */
function priceLine(typed: string, price: Price): string | null {
  const credits = Number(typed.replace(/,/g, '').trim());
  if (!typed.trim() || !Number.isInteger(credits) || credits < 1) return null;
  const amount = price(credits);
  return typeof amount === 'number' ? `GHS ${amount.toFixed(2)} at today's prices` : amount.problem;
}

function AutoTopupForm({
  shown,
  online,
  onSaved,
  price,
}: {
  shown: AutoTopupAnswer;
  online: boolean;
  onSaved: (answer: AutoTopupAnswer) => void;
  price: Price;
}) {
  const [enabled, setEnabled] = useState(shown.enabled);
  const [threshold, setThreshold] = useState(shown.threshold ? String(shown.threshold) : '');
  const [credits, setCredits] = useState(shown.credits ? String(shown.credits) : '');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const save = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const saved = await changeAutoTopup(enabled ? { enabled, threshold, credits } : { enabled: false });
      onSaved(saved);
      emitAlert({ message: saved.enabled ? 'Auto top-up is on' : 'Auto top-up is off', severity: 'success' });
    } catch (failure) {
      setProblem(describeFailure(failure).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormStack
      gap="sm"
      label="Auto top-up"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Text size="sm">
        Saved card: <b>{shown.card}</b>. When a send takes your balance under the level, we buy credits with this card,
        at most {shown.maxPerDay} times a day ({shown.boughtToday} today).
      </Text>
      {shown.failures > 0 && (
        <Alert color={shown.enabled ? 'yellow' : 'red'} variant="light" role="status">
          {shown.enabled
            ? `The last ${shown.failures === 1 ? 'charge' : `${shown.failures} charges`} failed: ${shown.lastError}`
            : `Auto top-up turned itself off after ${shown.failures} failed charges: ${shown.lastError}`}
        </Alert>
      )}
      <Switch
        label="Buy credits automatically"
        checked={enabled}
        onChange={(e) => setEnabled(e.currentTarget.checked)}
      />
      {enabled && (
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="When my balance falls below (credits)"
            inputMode="numeric"
            value={threshold}
            onChange={(e) => setThreshold(e.currentTarget.value)}
            w={{ base: '100%', xs: 300 }}
          />
          <TextInput
            label="Buy (credits)"
            inputMode="numeric"
            value={credits}
            onChange={(e) => setCredits(e.currentTarget.value)}
            description={priceLine(credits, price)}
            w={{ base: '100%', xs: 220 }}
          />
        </Group>
      )}
      {problem && (
        <Text size="sm" c="red.8" role="alert">
          {problem}
        </Text>
      )}
      {shown.enabled && (
        <Text size="xs" c="dimmed">
          {shown.credits > 0
            ? `On: under ${number.format(shown.threshold)} credits, buys ${number.format(shown.credits)} credits.`
            : `On: under ${number.format(shown.threshold)} credits, buys for GHS ${shown.amount.toFixed(2)}.`}
        </Text>
      )}
      <Group>
        <Button type="submit" loading={busy} disabled={!online}>
          Save auto top-up
        </Button>
      </Group>
    </FormStack>
  );
}
