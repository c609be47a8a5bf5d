import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { GatewayContext } from '../core/context';
import type { LogSettings } from '../core/log';
import { readableLines } from './log-format';

/**
 * What no log line may hold, wherever it would sit: headers' credentials, and bodies' passwords,
 * codes, tokens, keys, secrets and message texts. Lines never carry headers or bodies (the request
 * serializer below takes the method and path only); these are the second wall.
 */
const SECRET_FIELDS = ['password', 'code', 'token', 'apikey', 'secret', 'text', 'shortMessage', 'message'];
const REDACTED = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'req.headers["idempotency-key"]',
  ...SECRET_FIELDS.flatMap((f) => [`req.body.${f}`, `body.${f}`, `req.query.${f}`]),
  ...SECRET_FIELDS.filter((f) => f !== 'message').map((f) => f),
];

/** A request id a proxy in front set (X-Request-Id) is kept when it looks like one; else a new one. */
const PROXY_ID = /^[A-Za-z0-9._:-]{8,64}$/;
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && PROXY_ID.test(given) ? given : randomUUID();
}

/** What a request log line holds: method and path, never the query, and a checkout's reference or an opt-out code masked. */
export function safeRequest(req: { method: string; url: string }) {
  const path = (req.url.split('?')[0] ?? '')
    .replace(/^(\/smsgateway\/pay\/)[^/]+/, '$1[reference]')
    .replace(/^(\/o\/)[^/]+/, '$1[code]');
  return { method: req.method, url: path };
}

/** Fastify's logger (pino) for LOG_LEVEL: JSON lines, or their readable form, with what they must not hold removed. */
export function loggerOptions(settings: LogSettings): NonNullable<FastifyServerOptions['logger']> & object {
  const stream = settings.readable ? readableLines(settings.destination) : settings.destination;
  return {
    level: settings.level,
    redact: { paths: REDACTED, censor: '[redacted]' },
    serializers: { req: safeRequest },
    ...(stream ? { stream } : {}),
  };
}

/** The background's events and faults go to the same logger as the requests' (ctx.log, ctx.reportError). */
export function logInto(ctx: GatewayContext, log: FastifyBaseLogger): void {
  ctx.log = (line, fields = {}, level = 'info') => log[level](fields, line);
  ctx.reportError = (where, error) =>
    log.error(error instanceof Error ? { err: error } : { detail: error as Record<string, unknown> }, where);
}
