import { Alert } from '@mantine/core';
import { useOnline } from './use-online';

const OFFLINE_TEXT = 'You are offline: showing saved data; sends will go out when you are back online';

/** Shown while the network is gone, so nobody mistakes saved data for fresh data. */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    // Light, so its text is black: white on filled yellow reads at 2.5:1, under WCAG AA.
    <Alert color="yellow" variant="light" radius={0} role="status" py={6}>
      {OFFLINE_TEXT}
    </Alert>
  );
}
