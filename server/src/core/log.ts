/** LOG_LEVEL's values, from the loudest to silence (docs/operations.md#logs). */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * Where the gateway's log goes: one JSON line per event from Fastify's logger, or (dev mode's
 * default) the readable form of the same lines; `destination` takes the lines instead of stdout (tests).
 */
export interface LogSettings {
  level: LogLevel;
  readable: boolean;
  destination?: { write(line: string): void };
}

/**
 * Ids an event line may carry: an account's, a message's, a request's. Never a secret, a token, a
 * password, a code or a message's text (docs/operations.md#logs).
 */
export type LogFields = Record<string, string | number | boolean | null | readonly (string | number)[]>;

/** One event of the gateway's own: a line of text and its ids, at info unless told. */
export type EventLog = (line: string, fields?: LogFields, level?: 'debug' | 'info' | 'warn') => void;
