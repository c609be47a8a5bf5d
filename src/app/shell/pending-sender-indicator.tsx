import { ColorSwatch, Tooltip, UnstyledButton } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { hasPendingSenderIds } from '../../domain/account/permissions';
import { useClientList } from '../../sync/hooks/use-client-list';
import { APP_PATHS } from '../../domain/navigation/app-paths';

/** Admins only: red while any client's sender ID awaits approval, green otherwise (docs/product.md#page-shell); follows the stored list. */
export function PendingSenderIndicator() {
  const navigate = useNavigate();
  const { list } = useClientList();
  if (!list) return null;
  // Profile 6's list of requests covers the whole platform; another admin's, its own clients.
  const pending = list.pending.length > 0 || hasPendingSenderIds(list.users);
  const label = pending ? 'Sender IDs are awaiting approval' : 'No sender IDs awaiting approval';
  return (
    // The words show on hover, on keyboard focus and on a touch, not only to screen readers.
    <Tooltip label={label} events={{ hover: true, focus: true, touch: true }}>
      <UnstyledButton
        aria-label={label}
        onClick={() => navigate(APP_PATHS.clientManagement.getHref())}
        data-pending={pending}
      >
        <ColorSwatch color={pending ? 'var(--mantine-color-red-7)' : 'var(--mantine-color-green-7)'} size={16} />
      </UnstyledButton>
    </Tooltip>
  );
}
