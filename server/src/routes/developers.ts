import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../core/context';
import { ownProfile, post } from '../http/route';
import { clientApiUsage } from '../integrations/usage';
import { CLIENT_API_USAGE } from '../../../src/domain/contract/developers';

/** The Developers page's own call (docs/api.md#developers); the rest of the page calls the API v1. */
export async function registerDeveloperRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  post(app, ctx, CLIENT_API_USAGE, async ({ body, user }) => {
    ownProfile(user, body.profile_id);
    return { clients: await clientApiUsage(ctx, user) };
  });
}
