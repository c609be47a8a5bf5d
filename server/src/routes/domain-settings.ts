import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../core/context';
import { auditSource } from '../http/authenticate';
import { register } from '../http/register';
import { SAVE_DOMAIN_SETTINGS, VERIFY_DOMAIN } from '../../../src/domain/contract/domain-settings';
import { verificationOf } from '../tenancy/domain-claims';
import { saveDomainSettings, verifyOwnDomain } from '../tenancy/domain-settings';

export async function registerDomainSettingsRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  register(app, ctx, SAVE_DOMAIN_SETTINGS, async ({ body, scope: { user }, req }) => {
    const { message, saved } = await saveDomainSettings(ctx, user, body, auditSource(req));
    // The stored image URLs and the verification state come back so the PWA can show them without another call.
    return {
      status: 'successful',
      message,
      logo: saved.logo,
      backgroundImage: saved.backgroundImage,
      ...verificationOf(saved),
    };
  });

  register(app, ctx, VERIFY_DOMAIN, async ({ scope: { user } }) => {
    const { domain, outcome } = await verifyOwnDomain(ctx, user);
    if (!outcome.ok) return { status: 'failed', message: outcome.message, ...verificationOf(domain) };
    const message = `${domain.host} is verified and now shows your brand`;
    return { status: 'successful', message, ...verificationOf({ ...domain, verified: 1 }) };
  });
}
