import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { isExpiryEditable, isPriceTierAcceptable, newPriceTier } from '../../domain/money/pricing';
import type { PriceAccountType, PriceTier } from '../../domain/types';
import { PriceTable } from '../../ui/price-table';

/** A tier as typed: text until saved, so a half-typed number is never turned into something else. */
export type TierDraft = { id: number; price: string; rate: string; expiry: string };

export const tierDrafts = (tiers: readonly PriceTier[]): TierDraft[] =>
  tiers.map((t) => ({ id: t.id, price: String(t.price), rate: String(t.rate), expiry: String(t.expiry) }));

/** Saved only when price and rate are numeric and the rate is not zero. */
export const tiersAcceptable = (rows: readonly TierDraft[]) =>
  rows.every((r) => isPriceTierAcceptable(r.price, r.rate));

export const tiersOf = (rows: readonly TierDraft[]): PriceTier[] =>
  rows.map((r) => ({ id: r.id, price: Number(r.price), rate: Number(r.rate), expiry: Number(r.expiry) }));

type Props = { accountType: PriceAccountType; rows: TierDraft[]; onChange: (rows: TierDraft[]) => void };

/** One account type's price list: price and rate per row, expiry editable for PREMIUM only (docs/product.md#reseller-settings), and its preview. */
export function PriceTierEditor({ accountType, rows, onChange }: Props) {
  const set = (index: number, key: keyof TierDraft, value: string) =>
    onChange(rows.map((r, i) => (i === index ? { ...r, [key]: value } : r)));
  const add = () => {
    const tier = newPriceTier(accountType, Math.max(0, ...rows.map((r) => r.id)) + 1);
    onChange([...rows, ...tierDrafts([tier])]);
  };
  const valid = rows.filter((r) => isPriceTierAcceptable(r.price, r.rate));
  return (
    <Stack gap="xs" role="group" aria-label={`${accountType} prices`}>
      <Text fw={600}>{accountType} prices (GHS)</Text>
      {rows.map((row, index) => (
        <Group key={row.id} gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label={index === 0 ? 'Price' : undefined}
            aria-label={`${accountType} price ${index + 1}`}
            value={row.price}
            onChange={(e) => set(index, 'price', e.currentTarget.value)}
            inputMode="decimal"
            error={!isPriceTierAcceptable(row.price, row.rate) && row.price !== '' ? ' ' : undefined}
            style={{ flex: 1 }}
          />
          <TextInput
            label={index === 0 ? 'Rate' : undefined}
            aria-label={`${accountType} rate ${index + 1}`}
            value={row.rate}
            onChange={(e) => set(index, 'rate', e.currentTarget.value)}
            inputMode="decimal"
            style={{ flex: 1 }}
          />
          <TextInput
            label={index === 0 ? 'Expiry (years)' : undefined}
            aria-label={`${accountType} expiry ${index + 1}`}
            value={row.expiry}
            readOnly={!isExpiryEditable(accountType)}
            onChange={(e) => set(index, 'expiry', e.currentTarget.value)}
            inputMode="decimal"
            style={{ flex: 1 }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove ${accountType} price ${index + 1}`}
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
            mb={4}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      <Button variant="light" size="compact-sm" w="fit-content" onClick={add}>
        Add a {accountType.toLowerCase()} price
      </Button>
      {valid.length > 0 && <PriceTable title={`Preview: ${accountType} prices`} tiers={tiersOf(valid)} />}
    </Stack>
  );
}
