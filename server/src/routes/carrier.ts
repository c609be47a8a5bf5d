import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { GatewayContext } from '../core/context';
import { ownProfile, post } from '../http/route';
import { profileId } from '../http/body-fields';
import { FRONTEND_PATH } from '../../../src/domain/api-paths';
import { carrierHealth } from '../carrier/carrier-health';

/** The platform's carrier is the top supervisor's business: resellers and users never see it. */
export async function registerCarrierRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  post(
    app,
    ctx,
    FRONTEND_PATH + 'carrierhealth',
    'profile6',
    z.object({ profile_id: profileId }),
    async ({ body, user }) => {
      ownProfile(user, body.profile_id);
      return carrierHealth(ctx);
    },
  );
}
