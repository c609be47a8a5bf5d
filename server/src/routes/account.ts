import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context';

export async function registerAccountRoutes(_app: FastifyInstance, _ctx: GatewayContext): Promise<void> {}
