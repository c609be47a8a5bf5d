import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../core/context';
import { readiness } from '../http/readiness';

/**
 * Health for load balancers and orchestrators (docs/operations.md#health), open to anyone: /healthz
 * says the process answers; /readyz says whether to send it traffic, 503 naming the failing part.
 */
export async function registerHealthRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  app.get('/healthz', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', async (_req, reply) => {
    const { ready, checks } = await readiness(ctx);
    const stopping = ctx.liveness?.stopping === true;
    reply.header('Cache-Control', 'no-store');
    reply.code(ready ? 200 : 503);
    return { status: ready ? 'ready' : stopping ? 'stopping' : 'not ready', checks };
  });
}
