import type { FastifyInstance, FastifyReply } from 'fastify';
import type { GatewayContext } from '../core/context';
import { rateLimit } from '../auth/rate-limit';
import { findAccount } from '../accounts/account-store';
import { normalizeHost, tenantHost } from '../tenancy/domains';
import { clientKey } from '../http/authenticate';
import { openLink } from '../links/open';
import { clicksWritten } from '../links/click-writer';
import { LINK_PAGE_CSP, TOO_MANY, type LinkPage } from '../links/pages';
import { SHORT_LINK_PATH } from '../../../src/domain/links/short-links';

/**
 * Unknown codes asked per address a minute before the answer is a 429: a person mistypes a few, a code
 * walker asks thousands. Only misses are counted, so a click costs no write beyond its own.
 */
export const SHORT_LINK_MISSES_PER_MINUTE = 30;
/** How long an account's host is kept for its links' redirects: a domain change shows within this. */
const HOST_CACHE_MS = 30_000;

function html(reply: FastifyReply, answer: LinkPage) {
  return reply
    .status(answer.status)
    .header('Content-Security-Policy', LINK_PAGE_CSP)
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(answer.html);
}

/**
 * The short links of sends (docs/product.md#short-links): GET /l/<code> on the tenant's host redirects
 * to the long URL and counts a person's click; HEAD answers the same and counts nothing. No sign-in.
 */
export async function registerLinkRoutes(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  const owners = new Map<number, { owner: Awaited<ReturnType<typeof ownerOf>>; until: number }>();
  async function ownerOf(profileId: number) {
    const account = await findAccount(ctx, profileId);
    return account ? { sender: account, host: await tenantHost(ctx, account) } : undefined;
  }
  const cachedOwnerOf = async (profileId: number) => {
    const now = ctx.now();
    const kept = owners.get(profileId);
    if (kept && kept.until > now) return kept.owner;
    const owner = await ownerOf(profileId);
    if (owners.size > 10_000) owners.clear();
    owners.set(profileId, { owner, until: now + HOST_CACHE_MS });
    return owner;
  };

  // Clicks are written after their redirects: a stopping gateway writes those queued before its database closes.
  app.addHook('onClose', () => clicksWritten(ctx.db));

  // Not compressed: a redirect has no body, and the link's pages are about 1 KB (a click skips the hook).
  app.get<{ Params: { code: string } }>(`${SHORT_LINK_PATH}:code`, { compress: false }, async (req, reply) => {
    const answer = await openLink(ctx, req.params.code, normalizeHost(req.hostname), cachedOwnerOf, {
      method: req.method,
      userAgent: req.headers['user-agent'] ?? '',
    });
    if ('page' in answer) {
      const walking =
        answer.page.status === 404 &&
        !(await rateLimit(ctx, `short-link-miss:${clientKey(req)}`, SHORT_LINK_MISSES_PER_MINUTE, 60_000));
      return html(reply, walking ? TOO_MANY : answer.page);
    }
    return reply
      .header('Cache-Control', 'no-store')
      .header('Referrer-Policy', 'no-referrer')
      .redirect(answer.redirect, 302);
  });
}
