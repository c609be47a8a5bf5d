import { useEffect, useState } from 'react';
import { Notification, Stack } from '@mantine/core';
import type { AlertSeverity } from '../domain/alerts';

export type ShownAlert = { id: number; message: string; severity: AlertSeverity; durationMs: number };

const COLORS: Record<AlertSeverity, string> = { success: 'green', warning: 'yellow', error: 'red', info: 'blue' };
const TITLES: Record<AlertSeverity, string> = {
  success: 'Done',
  warning: 'Please check',
  error: 'Error',
  info: 'Information',
};

type AlertAreaProps = { subscribe: (listener: (alert: ShownAlert) => void) => () => void };

/** The notification area, top right (docs/product.md#alerts): each alert closes after its duration or when closed. */
export function AlertArea({ subscribe }: AlertAreaProps) {
  const [alerts, setAlerts] = useState<ShownAlert[]>([]);
  useEffect(
    () =>
      subscribe((alert) => {
        setAlerts((current) => [...current.filter((a) => a.message !== alert.message), alert].slice(-4));
        window.setTimeout(() => setAlerts((current) => current.filter((a) => a.id !== alert.id)), alert.durationMs);
      }),
    [subscribe],
  );
  const close = (id: number) => setAlerts((current) => current.filter((a) => a.id !== id));
  return (
    <Stack
      gap="xs"
      pos="fixed"
      top={12}
      right={12}
      w="min(380px, calc(100vw - 24px))"
      style={{ zIndex: 1000 }}
      role="region"
      aria-label="Notifications"
      aria-live="polite"
    >
      {alerts.map((alert) => (
        <Notification
          key={alert.id}
          color={COLORS[alert.severity]}
          title={TITLES[alert.severity]}
          onClose={() => close(alert.id)}
          closeButtonProps={{ 'aria-label': 'Close notification' }}
          role={alert.severity === 'error' || alert.severity === 'warning' ? 'alert' : 'status'}
          withBorder
        >
          {alert.message}
        </Notification>
      ))}
    </Stack>
  );
}
