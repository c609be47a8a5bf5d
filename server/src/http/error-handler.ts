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
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-many-attempts': 429,
  busy: 503,
};

export const httpStatusOf = (refusal: Refusal) => HTTP_STATUS[refusal.kind];

/** API.md's error shape for refusals, Fastify's own 4xx (bad JSON, too large) and faults (500). */
export function registerErrorHandler(app: FastifyInstance, ctx: GatewayContext): void {
  app.setErrorHandler((error: unknown, req, reply) => {
    if (error instanceof Refusal) {
      const status = error.kind === 'busy' ? 'error' : 'failed';
      return reply.status(httpStatusOf(error)).send({ error: { status, message: error.message } });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status === 413) {
      return reply.status(413).send({ error: { status: 'failed', message: 'Request body is too large' } });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: { status: 'failed', message: (error as Error).message } });
    }
    req.log.error({ err: error }, 'request failed');
    if (!ctx.logRequests) ctx.reportError?.(`${req.method} ${req.url.split('?')[0]} failed`, error);
    return reply.status(500).send({ error: { status: 'error', message: TRY_AGAIN } });
  });
}
