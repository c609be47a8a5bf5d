import { useEffect, useState } from 'react';
import { Button, Group, Notification } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import type { Workbox } from 'workbox-window';
import { db } from '../db/db';
import { WAITING_STATES } from '../domain/outbox-policy';

/** 'A new version is available: Reload', offered, never forced, and held back while a send drains or a draft has text. */
export function UpdatePrompt({ workbox }: { workbox: Workbox | null }) {
  const [waiting, setWaiting] = useState(false);
  const busy = useLiveQuery(
    async () => {
      const draining = await db.outboxJobs.where('state').anyOf(WAITING_STATES).count();
      const drafts = await db.drafts.toArray();
      return draining > 0 || drafts.some((d) => typeof d.fields.text === 'string' && d.fields.text.trim() !== '');
    },
    [],
    true,
  );
  useEffect(() => {
    if (!workbox) return;
    const onWaiting = () => setWaiting(true);
    workbox.addEventListener('waiting', onWaiting);
    return () => workbox.removeEventListener('waiting', onWaiting);
  }, [workbox]);
  if (!waiting || busy || !workbox) return null;
  const reload = () => {
    workbox.addEventListener('controlling', () => window.location.reload());
    workbox.messageSkipWaiting();
  };
  return (
    <Notification
      pos="fixed"
      bottom={16}
      left={16}
      style={{ zIndex: 1000, maxWidth: 'calc(100vw - 32px)' }}
      withCloseButton
      onClose={() => setWaiting(false)}
      closeButtonProps={{ 'aria-label': 'Later' }}
      title="Update"
      role="status"
    >
      <Group gap="sm" wrap="nowrap">
        <span>A new version is available</span>
        <Button size="compact-sm" onClick={reload}>
          Reload
        </Button>
      </Group>
    </Notification>
  );
}
