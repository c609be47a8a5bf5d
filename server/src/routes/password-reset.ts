import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context';

export async function registerPasswordResetRoutes(_app: FastifyInstance, _ctx: GatewayContext): Promise<void> {}
