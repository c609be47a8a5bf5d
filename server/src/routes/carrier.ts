import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../core/context';
import { register } from '../http/register';
import { CARRIER_HEALTH } from '../../../src/domain/contract/carrier';
import { carrierHealth } from '../carrier/carrier-health';

/** The platform's carrier is the top supervisor's business: resellers and users never see it. */
export async function registerCarrierRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  register(app, ctx, CARRIER_HEALTH, async () => {
    return carrierHealth(ctx);
  });
}
