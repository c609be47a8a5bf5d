import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context';

export async function registerMessageRoutes(_app: FastifyInstance, _ctx: GatewayContext): Promise<void> {}
