import { useEffect, useState } from 'react';
import { Button, Group, Notification } from '@mantine/core';
import type { Workbox } from 'workbox-window';
import { lazyStart } from './lazy-start';
import { useUpdateWorkbox } from './use-update-workbox';

/**
 * The update prompt over the service worker registered at start. workbox-window arrives after the
 * first screen: its state lives here, so that arrival re-renders this prompt alone, not the whole app
 * (a long task on a slow phone).
 */
export function UpdatePrompt() {
  return <UpdateOffer workbox={useUpdateWorkbox()} />;
}

/** 'A new version is available: Reload', offered, never forced, and held back while a send drains or a draft has text. */
export function UpdateOffer({ workbox }: { workbox: Workbox | null }) {
  const [waiting, setWaiting] = useState(false);
  const [busy, setBusy] = useState(true);
  useEffect(() => {
    if (!workbox) return;
    const onWaiting = () => setWaiting(true);
    workbox.addEventListener('waiting', onWaiting);
    // Listening first: a version found waiting when it registers is announced to this listener.
    void workbox.register().catch(() => {});
    return () => workbox.removeEventListener('waiting', onWaiting);
  }, [workbox]);
  useEffect(() => {
    if (!waiting) return;
    return lazyStart(() => import('./update-busy').then((m) => m.watchUpdateBusy(setBusy)));
  }, [waiting]);
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
