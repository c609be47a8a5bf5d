import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../core/context';
import { auditSource } from '../http/authenticate';
import { ownProfile, post, postLarge } from '../http/route';
import { SAVE_DOMAIN_SETTINGS, VERIFY_DOMAIN } from '../../../src/domain/contract/domain-settings';
import { verificationOf } from '../tenancy/domain-claims';
import { saveDomainSettings, verifyOwnDomain } from '../tenancy/domain-settings';

/** Two 2 MiB images as base64 data URLs, plus the rest. */
const SETTINGS_BODY_LIMIT = 8 * 1024 * 1024;

export async function registerDomainSettingsRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  postLarge(app, ctx, SAVE_DOMAIN_SETTINGS, SETTINGS_BODY_LIMIT, async ({ body, user, req }) => {
    ownProfile(user, body.profile_id);
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

  post(app, ctx, VERIFY_DOMAIN, async ({ body, user }) => {
    ownProfile(user, body.profile_id);
    const { domain, outcome } = await verifyOwnDomain(ctx, user);
    if (!outcome.ok) return { status: 'failed', message: outcome.message, ...verificationOf(domain) };
    const message = `${domain.host} is verified and now shows your brand`;
    return { status: 'successful', message, ...verificationOf({ ...domain, verified: 1 }) };
  });
}
