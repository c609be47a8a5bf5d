import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { GatewayContext } from '../core/context';
import { profileId } from '../http/body-fields';
import { ownProfile, post, postLarge } from '../http/route';
import { FRONTEND_PATH } from '../../../src/domain/api-paths';
import { verificationOf } from '../tenancy/domain-claims';
import { saveDomainSettings, verifyOwnDomain } from '../tenancy/domain-settings';

/** Two 2 MiB images as base64 data URLs, plus the rest. */
const SETTINGS_BODY_LIMIT = 8 * 1024 * 1024;

const maybe = z.unknown().optional();
const settingsBody = z.object({
  profile_id: profileId,
  domain: maybe,
  companyname: maybe,
  localrate: maybe,
  logo: maybe,
  backgroundImage: maybe,
  senderid: maybe,
  enablereferral: maybe,
  referralpercentage: maybe,
  usepaymentgateway: maybe,
  paystackseckey: maybe,
  paystackpubkey: maybe,
  recaptcha_secret_key: maybe,
  recaptcha_site_key: maybe,
  enablereseller: maybe,
});

export async function registerDomainSettingsRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  const settingsPath = FRONTEND_PATH + 'update-domain-details/';
  const settingsCall = {
    name: settingsPath,
    path: settingsPath,
    access: 'admin' as const,
    request: settingsBody,
    answer: settingsBody,
  };
  postLarge(app, ctx, settingsCall, SETTINGS_BODY_LIMIT, async ({ body, user }) => {
    ownProfile(user, body.profile_id);
    const { message, saved } = await saveDomainSettings(ctx, user, body);
    // The stored image URLs and the verification state come back so the PWA can show them without another call.
    return {
      status: 'successful',
      message,
      logo: saved.logo,
      backgroundImage: saved.backgroundImage,
      ...verificationOf(saved),
    };
  });

  const verifyBody = z.object({ profile_id: profileId });
  post(app, ctx, FRONTEND_PATH + 'verify-domain/', 'admin', verifyBody, async ({ body, user }) => {
    ownProfile(user, body.profile_id);
    const { domain, outcome } = await verifyOwnDomain(ctx, user);
    if (!outcome.ok) return { status: 'failed', message: outcome.message, ...verificationOf(domain) };
    const message = `${domain.host} is verified and now shows your brand`;
    return { status: 'successful', message, ...verificationOf({ ...domain, verified: 1 }) };
  });
}
