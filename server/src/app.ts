import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { GatewayContext } from './core/context';
import { registerCompression } from './http/compression';
import { registerErrorHandler } from './http/error-handler';
import { ASSETS_PREFIX, registerStatic } from './http/static';
import { refuseUnstorableInput, registerJsonParser } from './http/well-formed';
import { registerDomainRoutes } from './routes/domain';
import { registerAuthRoutes } from './routes/auth';
import { registerSignupRoutes } from './routes/signup';
import { registerPasswordResetRoutes } from './routes/password-reset';
import { registerAccountRoutes } from './routes/account';
import { registerSendRoutes } from './routes/send';
import { registerMessageRoutes } from './routes/messages';
import { registerPhonebookRoutes } from './routes/phonebook';
import { registerTemplateRoutes } from './routes/templates';
import { registerTeamRoutes } from './routes/team';
import { registerApprovalRoutes } from './routes/approvals';
import { registerCreditRoutes } from './routes/credit';
import { registerPaymentRoutes } from './routes/payments';
import { registerDomainSettingsRoutes } from './routes/domain-settings';
import { registerDevRoutes } from './routes/dev';
import { registerManifestRoute } from './routes/manifest';
import { registerCheckoutRoutes } from './routes/checkout';
import { registerPaystackRoutes } from './routes/paystack';
import { registerCarrierRoutes } from './routes/carrier';
import { registerApiV1Routes } from './routes/api-v1';
import { registerOptOutRoutes } from './routes/optouts';
import { registerLinkRoutes } from './routes/links';
import { registerPersonDataRoutes } from './routes/person-data';
import { registerDeveloperRoutes } from './routes/developers';
import { registerSecurityRoutes } from './routes/security';
import { registerHealthRoutes } from './routes/health';
import { GATEWAY_PREFIX } from '../../src/domain/navigation/api-paths';
import { logInto, loggerOptions, requestIdOf } from './http/logging';

/** Answered while stopping, so a load balancer sees /readyz turn 503 (docs/operations.md#graceful-stop). */
const HEALTH_PATHS = new Set(['/healthz', '/readyz']);

const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), interest-cohort=()';

/** Builds the gateway: the API of docs/api.md and, when `ctx.distDir` is set, the PWA. */
export async function buildApp(ctx: GatewayContext): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: ctx.maxBodyBytes,
    // Only the proxies TRUST_PROXY names may say who the client is (server/src/http/proxy-config.ts).
    trustProxy: ctx.trustProxy?.length ? [...ctx.trustProxy] : false,
    // One JSON line per event (docs/operations.md#logs); never headers or bodies: they hold tokens,
    // API keys, passwords, codes and texts.
    logger: ctx.logging ? loggerOptions(ctx.logging) : false,
    genReqId: requestIdOf,
    // Fastify's two lines per request are replaced by one (below, with GATEWAY_LOG).
    logController: new LogController({ disableRequestLogging: true }),
  });
  if (ctx.logging) logInto(ctx, app.log);

  registerJsonParser(app);
  app.addHook('preHandler', refuseUnstorableInput);
  app.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith(GATEWAY_PREFIX) && !reply.hasHeader('Cache-Control'))
      reply.header('Cache-Control', 'no-store');
    reply.header('X-Content-Type-Options', 'nosniff');
    // A route's own policy stays (a short link's redirect names no referrer at all).
    if (!reply.hasHeader('Referrer-Policy')) reply.header('Referrer-Policy', 'same-origin');
    // No window of another origin keeps a handle on ours; no powerful feature the app never uses.
    // Both apply to documents: a hashed asset (script, style, image) never is one, so it goes without them.
    if (!req.url.startsWith(ASSETS_PREFIX)) {
      reply.header('Cross-Origin-Opener-Policy', 'same-origin');
      reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    }
    if (ctx.hsts || req.protocol === 'https')
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  });

  app.addHook('onRequest', async (req, reply) => {
    reply.header('X-Request-Id', req.id);
    // A stopping instance answers its health and refuses new work; requests already in flight finish.
    if (ctx.liveness?.stopping && !HEALTH_PATHS.has(req.url.split('?')[0] ?? '')) {
      return reply
        .code(503)
        .header('Connection', 'close')
        .header('Retry-After', '1')
        .send({ error: { status: 'error', message: 'This server is restarting: please try again' } });
    }
  });
  // One line per answered request, with its request id and (once known) its account's.
  if (ctx.logRequests) {
    app.addHook('onResponse', async (req, reply) => {
      req.log.info({ req, status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
    });
  }
  // Each answered request, by its route's pattern (never a path with ids), for metrics.
  if (ctx.observers) {
    const observers = ctx.observers;
    app.addHook('onResponse', async (req, reply) => {
      observers.request(req.method, req.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    });
  }

  registerErrorHandler(app, ctx);
  await registerCompression(app);

  for (const register of [
    registerHealthRoutes,
    registerDomainRoutes,
    registerManifestRoute,
    registerAuthRoutes,
    registerSecurityRoutes,
    registerSignupRoutes,
    registerPasswordResetRoutes,
    registerAccountRoutes,
    registerSendRoutes,
    registerMessageRoutes,
    registerPhonebookRoutes,
    registerTemplateRoutes,
    registerTeamRoutes,
    registerApprovalRoutes,
    registerCreditRoutes,
    registerPaymentRoutes,
    registerPaystackRoutes,
    registerDomainSettingsRoutes,
    registerCarrierRoutes,
    registerApiV1Routes,
    registerOptOutRoutes,
    registerLinkRoutes,
    registerPersonDataRoutes,
    registerDeveloperRoutes,
  ]) {
    await register(app, ctx);
  }
  // The demo's dev inbox and simulated checkout exist in dev mode only: never in production.
  if (ctx.devMode) {
    await registerDevRoutes(app, ctx);
    await registerCheckoutRoutes(app, ctx);
  }
  await registerStatic(app, ctx);
  return app;
}
