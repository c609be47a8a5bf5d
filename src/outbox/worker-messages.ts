import type { OutboxEvent } from './outbox-events';
import type { OutboxAlert } from './send-job';

/** Page to drainer worker. */
/** 'online' is relayed because Chromium may not fire 'online' inside workers (seen under network emulation). */
export type ToDrainer = { type: 'wake' } | { type: 'online' } | { type: 'stop' };

/** Drainer worker to page: alerts to show, events to pass on. */
export type FromDrainer = { type: 'alert'; alert: OutboxAlert } | { type: 'event'; event: OutboxEvent };
