import { alertDurationMs, alertSeverity, type AlertSeverity } from '../domain/alerts';

export interface AppAlert {
  id: number;
  message: string;
  severity: AlertSeverity;
  /** How long it shows (5 s, 20 s on the all-recurring list: docs/product.md#alerts); it also closes on demand. */
  durationMs: number;
  /** A button in the alert (Undo); pressing it runs `run` and closes the alert. */
  action?: AlertAction;
}

export type AlertAction = { label: string; run: () => void };

type Listener = (alert: AppAlert) => void;
const listeners = new Set<Listener>();
let nextId = 1;

/** Shows an alert in the notification area (top right). Severity may be given, or derived from an API status. */
export function emitAlert(input: {
  message: string;
  severity?: AlertSeverity;
  status?: string;
  durationMs?: number;
  action?: AlertAction;
}): void {
  const alert: AppAlert = {
    id: nextId++,
    message: input.message,
    severity: input.severity ?? alertSeverity(input.status),
    durationMs: input.durationMs ?? alertDurationMs(),
    ...(input.action ? { action: input.action } : {}),
  };
  for (const listener of listeners) listener(alert);
}

/** Subscribes to alerts; returns the unsubscribe function. */
export function onAlert(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
