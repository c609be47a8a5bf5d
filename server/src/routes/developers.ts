import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../core/context';
import { register } from '../http/register';
import { clientApiUsage } from '../integrations/usage';
import { CLIENT_API_USAGE } from '../../../src/domain/contract/developers';

/** The Developers page's own call (docs/api.md#developers); the rest of the page calls the API v1. */
export async function registerDeveloperRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  register(app, ctx, CLIENT_API_USAGE, async ({ scope: { user } }) => {
    return { clients: await clientApiUsage(ctx, user) };
  });
}
