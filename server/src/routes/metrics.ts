import { timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Metrics } from '../http/metrics';

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * GET /metrics: Prometheus text (docs/operations.md#metrics). With a token, a request without
 * `Authorization: Bearer <token>` is refused 401 and learns nothing.
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string | null): void {
  app.get('/metrics', async (req, reply) => {
    const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (token && !sameSecret(given, token)) {
      reply.code(401).header('WWW-Authenticate', 'Bearer');
      return { error: 'The metrics need the Authorization: Bearer token set in METRICS_TOKEN' };
    }
    reply.header('Cache-Control', 'no-store').type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}

/** METRICS_PORT: /metrics alone on a port of its own, for a network the public never reaches. */
export function metricsServer(metrics: Metrics, token: string | null): FastifyInstance {
  const app = Fastify({ logger: false });
  registerMetricsRoute(app, metrics, token);
  return app;
}
