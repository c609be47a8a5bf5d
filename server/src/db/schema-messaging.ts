// Filled by the messaging area: bulk messages, recipients and statuses, idempotency, schedules.
export type MessagingTables = Record<never, never>;
