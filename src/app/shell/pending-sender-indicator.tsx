import { useEffect, useState } from 'react';
import { ColorSwatch, Tooltip, UnstyledButton } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { pendingSenderIdsExist } from '../../sync/clients';

/** Admins only: red while any client's sender ID awaits approval, green otherwise (SPEC 2). */
export function PendingSenderIndicator() {
  const navigate = useNavigate();
  const [pending, setPending] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    void pendingSenderIdsExist().then((value) => live && setPending(value));
    return () => {
      live = false;
    };
  }, []);
  if (pending === null) return null;
  const label = pending ? 'Sender IDs are awaiting approval' : 'No sender IDs awaiting approval';
  return (
    <Tooltip label={label}>
      <UnstyledButton aria-label={label} onClick={() => navigate('/clientmanagement')} data-pending={pending}>
        <ColorSwatch color={pending ? 'var(--mantine-color-red-7)' : 'var(--mantine-color-green-7)'} size={16} />
      </UnstyledButton>
    </Tooltip>
  );
}
