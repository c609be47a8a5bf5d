import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../core/context';
import { ownProfile, post } from '../http/route';
import { CARRIER_HEALTH } from '../../../src/domain/contract/carrier';
import { carrierHealth } from '../carrier/carrier-health';

/** The platform's carrier is the top supervisor's business: resellers and users never see it. */
export async function registerCarrierRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  post(app, ctx, CARRIER_HEALTH, async ({ body, user }) => {
    ownProfile(user, body.profile_id);
    return carrierHealth(ctx);
  });
}
