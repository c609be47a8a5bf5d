import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../core/context';
import { TRY_AGAIN } from '../../../src/domain/alerts';
import { Refusal, type RefusalKind } from '../core/errors';

/** The one place where an area's refusal becomes an HTTP status. */
const HTTP_STATUS: Record<RefusalKind, number> = {
  refused: 400,
  'wrong-login': 401,
  'invalid-token': 401,
  'insufficient-credit': 402,
  'spending-cap': 402,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-many-attempts': 429,
  busy: 503,
};

/**
 * PostgreSQL's refusals of a value the boundary let through (a number out of a column's range, a
 * text it cannot store) and of a statement cut off by its time limit: the caller's input, not a fault.
 */
const DATABASE_REFUSALS: Record<string, { status: number; body: { status: string; message: string } }> = {
  '22003': { status: 400, body: { status: 'failed', message: 'A number in the request is out of range' } },
  '22P05': { status: 400, body: { status: 'failed', message: 'The request holds text that cannot be stored' } },
  '22021': { status: 400, body: { status: 'failed', message: 'The request holds text that cannot be stored' } },
  '57014': {
    status: 503,
    body: { status: 'error', message: 'That took too long: please narrow it down and try again' },
  },
};

export const httpStatusOf = (refusal: Refusal) => HTTP_STATUS[refusal.kind];

/** The error shape of docs/api.md#answers-and-errors for refusals, Fastify's own 4xx (bad JSON, too large) and faults (500). */
export function registerErrorHandler(app: FastifyInstance, ctx: GatewayContext): void {
  app.setErrorHandler((error: unknown, req, reply) => {
    if (error instanceof Refusal) {
      const status = error.kind === 'busy' ? 'error' : 'failed';
      return reply.status(httpStatusOf(error)).send({ error: { status, message: error.message } });
    }
    const refusedInput = DATABASE_REFUSALS[(error as { code?: unknown }).code as string];
    if (refusedInput) return reply.status(refusedInput.status).send({ error: refusedInput.body });
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status === 413) {
      return reply.status(413).send({ error: { status: 'failed', message: 'Request body is too large' } });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: { status: 'failed', message: (error as Error).message } });
    }
    // With the log on, the request's own logger tells it (with its request and account ids).
    if (ctx.logging) req.log.error({ err: error, req }, 'request failed');
    else ctx.reportError?.(`${req.method} ${req.url.split('?')[0]} failed`, error);
    return reply.status(500).send({ error: { status: 'error', message: TRY_AGAIN } });
  });
}
