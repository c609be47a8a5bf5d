import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { GatewayContext } from '../core/context';
import { domainDetails, resolveDomain } from '../tenancy/domains';
import { notFound, refuse } from '../core/errors';
import { IMAGE_TYPES, isSafeImageName } from '../images/image-files';
import { DOMAIN_PATH, IMAGES_PATH } from '../../../src/domain/navigation/api-paths';

/** One host name (RFC 1035: at most 253 characters), or none for the request's own host. */
const domainQuery = z.object({ domain: z.string().trim().max(253).optional() });

export async function registerDomainRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  app.get(DOMAIN_PATH, async (req) => {
    const query = domainQuery.safeParse(req.query ?? {});
    if (!query.success) throw refuse('Invalid query: domain must be one host name');
    const domain = await resolveDomain(ctx, query.data.domain ?? req.hostname);
    return domainDetails(ctx, domain);
  });

  // Logos and backgrounds: public, so the login page and the service worker can fetch them.
  app.get<{ Params: { file: string } }>(`${IMAGES_PATH}:file`, async (req, reply) => {
    const { file } = req.params;
    if (!isSafeImageName(file)) throw notFound();
    const path = join(ctx.imagesDir, file);
    if (!existsSync(path)) throw notFound();
    const ext = file.split('.').pop()!.toLowerCase();
    // Images change name when replaced, so they may be cached; onSend's no-store is for API data only.
    reply.header('Content-Type', IMAGE_TYPES[ext] ?? 'application/octet-stream');
    reply.header('Cache-Control', 'public, max-age=86400');
    reply.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    return reply.send(createReadStream(path));
  });
}
