import { useEffect, useState } from 'react';
import { Button, Notification, Stack } from '@mantine/core';
import type { AlertSeverity } from '../domain/alerts';

export type ShownAlert = {
  id: number;
  message: string;
  severity: AlertSeverity;
  durationMs: number;
  action?: { label: string; run: () => void };
};

const COLORS: Record<AlertSeverity, string> = { success: 'green', warning: 'yellow', error: 'red', info: 'blue' };
const TITLES: Record<AlertSeverity, string> = {
  success: 'Done',
  warning: 'Please check',
  error: 'Error',
  info: 'Information',
};
// Mantine greys a titled notification's text (gray 6, about 3.3:1 on white); gray 8 reads at WCAG AA.
const STYLES = { description: { color: 'var(--mantine-color-gray-8)' } };

type AlertAreaProps = { subscribe: (listener: (alert: ShownAlert) => void) => () => void };

/** What stays when `alert` arrives: not the same text again, and no warning a success has overtaken. */
export function alertsAfter(current: readonly ShownAlert[], alert: ShownAlert): ShownAlert[] {
  const kept = current.filter(
    (a) => a.message !== alert.message && !(alert.severity === 'success' && a.severity === 'warning'),
  );
  return [...kept, alert].slice(-4);
}

/** The notification area, top right under the header (docs/product.md#alerts): each alert closes after its duration or when closed. */
export function AlertArea({ subscribe }: AlertAreaProps) {
  const [alerts, setAlerts] = useState<ShownAlert[]>([]);
  useEffect(
    () =>
      subscribe((alert) => {
        setAlerts((current) => alertsAfter(current, alert));
        window.setTimeout(() => setAlerts((current) => current.filter((a) => a.id !== alert.id)), alert.durationMs);
      }),
    [subscribe],
  );
  const close = (id: number) => setAlerts((current) => current.filter((a) => a.id !== id));
  return (
    <Stack
      gap="xs"
      pos="fixed"
      // Below the signed-in header (its height is Mantine's AppShell variable), never over the balance.
      top="calc(var(--app-shell-header-offset, 0px) + 12px)"
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
          styles={STYLES}
          withBorder
        >
          {alert.message}
          {alert.action && (
            <Button
              size="compact-sm"
              variant="light"
              ml="sm"
              onClick={() => {
                close(alert.id);
                alert.action?.run();
              }}
            >
              {alert.action.label}
            </Button>
          )}
        </Notification>
      ))}
    </Stack>
  );
}
