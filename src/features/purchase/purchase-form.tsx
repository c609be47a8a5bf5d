import { useState } from 'react';
import { Alert, Button, Group, Text, TextInput } from '@mantine/core';
import { formatAccra } from '../../domain/dates';
import { previewPurchase } from '../../domain/money/purchase-quote';
import { CURRENCY } from '../../domain/constants';
import type { StoredUser } from '../../db/app-db';
import { startPurchase } from '../../flows/purchase';
import { useAction } from '../../sync/hooks/use-action';
import { SectionCard } from '../../ui/section-card';
import { taxAddedNote } from '../../domain/money/tax';
import { numberFormat } from '../../domain/numbers/number-format';

export const PURCHASE_OFFLINE_NOTE = 'Buying credit needs a connection: connect to the internet and try again';
const number = numberFormat();

type Buyer = Pick<StoredUser, 'accountType' | 'applicableRate' | 'creditexpires'> & {
  localrate: string;
  /** The seller adds Ghana's taxes to its prices at checkout. */
  excludesTax: boolean;
};

/**
 * A purchase (docs/product.md#buying-credit): an amount in GHS, with the credits and the new expiry it buys shown as it is
 * typed; then checksupcredit, paystack-link/ and the payment page.
 */
export function PurchaseForm({ buyer, online }: { buyer: Buyer; online: boolean }) {
  const [amount, setAmount] = useState('');
  const [leaving, setLeaving] = useState(false);
  const { busy, run } = useAction();
  const [openedAt] = useState(() => Date.now());
  const preview = amount.trim() ? previewPurchase(amount, buyer, openedAt) : null;
  const problem = preview && 'problem' in preview ? preview.problem : null;

  const buy = () =>
    run(async () => {
      const link = await startPurchase(amount.trim(), window.location.origin);
      setLeaving(true);
      window.location.assign(link);
    });

  return (
    <SectionCard id="buy-credit-title" title="Buy SMS credits">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (preview && !problem && online) void buy();
        }}
      >
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label={`Amount (${CURRENCY})`}
            inputMode="decimal"
            autoComplete="off"
            placeholder="e.g. 100"
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            error={problem}
            w={220}
          />
          <Button
            type="submit"
            mt={{ base: 0, xs: 25 }}
            loading={busy || leaving}
            disabled={!online || !preview || !!problem}
          >
            Buy SMS credits
          </Button>
        </Group>
      </form>
      {preview && !('problem' in preview) && (
        <Text size="sm" aria-live="polite">
          {CURRENCY} {number.format(preview.amount)} buys <b>{number.format(preview.credits)} SMS credits</b> at{' '}
          {preview.rate} per SMS; your credits will be valid until {formatAccra(preview.newExpiry, 'd MMM yyyy')}.
          {buyer.excludesTax && ` ${taxAddedNote(preview.amount, openedAt)}`}
        </Text>
      )}
      {buyer.excludesTax && !preview && (
        <Text size="sm" c="dimmed">
          Prices exclude tax: VAT, NHIL and GETFund are added at checkout.
        </Text>
      )}
      {!online && (
        <Alert color="yellow" variant="light" role="status" py="xs">
          {PURCHASE_OFFLINE_NOTE}
        </Alert>
      )}
      <Text size="xs" c="dimmed">
        You pay on Paystack&apos;s secure page; the credits are added as soon as the payment is confirmed, and your
        invoice is in your purchase history.
      </Text>
    </SectionCard>
  );
}
