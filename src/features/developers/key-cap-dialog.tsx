import { Text } from '@mantine/core';
import type { ApiKeyView } from '../../api/developer-api';
import { capValue } from '../../domain/money/caps';
import { setApiKeyCap } from '../../sync/developers';
import { useAction } from '../../sync/hooks/use-action';
import { CapDialog } from '../../ui/cap-dialog';

/** Sets or clears a key's daily spending cap (docs/api-v1.md#spending-caps); a failure is alerted. */
export function KeyCapDialog({ apiKey, onClose }: { apiKey: ApiKeyView; onClose: () => void }) {
  const { run } = useAction();
  const save = async (cap: string) => {
    await run(async () => {
      await setApiKeyCap(apiKey.id, capValue(cap));
      onClose();
    });
    return null;
  };
  return (
    <CapDialog
      title={`Daily cap for ${apiKey.name}`}
      label="Daily cap (credits)"
      explanation={
        <Text size="sm" c="dimmed">
          The most credits this key&apos;s sends may spend in a day (Accra time). A send that would pass it is refused
          with 402 spending_cap_reached and nothing is charged. Leave it empty for no cap.
        </Text>
      }
      current={apiKey.dailyCap ?? null}
      onSave={save}
      onClose={onClose}
    />
  );
}
