import { useState } from 'react';
import { Button, Group, Text, TextInput } from '@mantine/core';
import { SectionCard } from '../../ui/section-card';
import { FormStack } from '../../ui/form-stack';
import type { StoredUser } from '../../db/app-db';
import { emitAlert } from '../../notify/alerts-bus';
import { saveAlertLevel } from '../../sync/alerts';
import { capError } from '../../domain/money/caps';
import { useFieldAction } from './use-field-action';

const shownLevel = (user: StoredUser) => (user.lowbalancethreshold ? String(user.lowbalancethreshold) : '');

/**
 * The low-balance alert (docs/product.md#low-balance-alerts): the credits under which a send alerts the
 * account, once a day, by SMS, e-mail and in the app. Empty turns it off.
 */
export function LowBalanceCard({ user, online }: { user: StoredUser; online: boolean }) {
  const [level, setLevel] = useState(shownLevel(user));
  const { busy, errors, clear, run } = useFieldAction(() => 'level' as const);
  const changed = level.trim() !== shownLevel(user);

  const save = async () => {
    const saved = await run({ level: capError(level) ?? undefined }, () => saveAlertLevel(level));
    if (!saved) return;
    emitAlert({
      message: level.trim() === '' ? 'Low-balance alerts are off' : 'Your low-balance alert has been saved',
      severity: 'success',
    });
  };

  return (
    <SectionCard id="low-balance-title" title="Low-balance alert">
      <FormStack
        gap="sm"
        label="Low-balance alert"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Text size="sm" c="dimmed">
          When a send takes your balance under this many credits, we text and e-mail you (at most once a day) and show a
          notice here. Leave it empty for no alerts.
        </Text>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Alert me under (credits)"
            inputMode="numeric"
            placeholder="No alert"
            value={level}
            onChange={(e) => {
              setLevel(e.currentTarget.value);
              clear('level');
            }}
            error={errors.level}
            w={220}
          />
        </Group>
        <Group>
          <Button type="submit" loading={busy} disabled={!online || !changed}>
            Save alert
          </Button>
        </Group>
      </FormStack>
    </SectionCard>
  );
}
