import { Text } from '@mantine/core';
import type { ClientAnswer } from '../../api/clients-api';
import { emitAlert } from '../../notify/alerts-bus';
import { saveClientCap } from '../../sync/alerts';
import { describeFailure } from '../../sync/failures';
import { CapDialog } from '../../ui/cap-dialog';

/** Sets or clears a client's monthly spending cap (docs/product.md#spending-caps); a refusal shows in the field. */
export function ClientCapDialog({ client, onClose }: { client: ClientAnswer; onClose: () => void }) {
  const save = async (cap: string) => {
    try {
      await saveClientCap(client.profile_id, cap);
    } catch (failure) {
      return describeFailure(failure).message;
    }
    emitAlert({
      message: cap.trim() ? `${client.username}'s monthly cap has been saved` : `${client.username} has no cap now`,
      severity: 'success',
    });
    onClose();
    return null;
  };
  return (
    <CapDialog
      title={`Monthly cap for ${client.username}`}
      label="Monthly cap (credits)"
      explanation={
        <Text size="sm" c="dimmed">
          The most credits this client may spend on sends in a calendar month. A send that would pass it is refused and
          nothing is charged. Leave it empty for no cap.
        </Text>
      }
      current={client.monthlycap || null}
      onSave={save}
      onClose={onClose}
    />
  );
}
