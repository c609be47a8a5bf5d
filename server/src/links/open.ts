import type { GatewayContext } from '../core/context';
import { deliveredAt } from '../messaging/recipient-numbers';
import { isShortCode, PREVIEW_WINDOW_MS, SHORT_LINK_LIFETIME_MS } from '../../../src/domain/links/short-links';
import { deviceFamily, isPreviewer } from './agents';
import { expiredPage, NOT_FOUND, type LinkPage } from './pages';

/** Who owns a link's account and the host its links belong on, supplied by the composition (accounts, tenancy). */
export interface LinkOwner {
  sender: { companyname: string; username: string };
  host: string;
}

/** How a short link was opened: the request's method and user agent. */
export interface Opening {
  method: string;
  userAgent: string;
}

/** A redirect to the long URL, or a page (404, or the expired link's page naming the sender). */
export type LinkAnswer = { redirect: string } | { page: LinkPage };

/** The link of a code, or undefined (a malformed code is never looked up). */
async function linkOf(ctx: GatewayContext, code: string) {
  if (!isShortCode(code)) return undefined;
  return ctx.db.selectFrom('short_links').selectAll().where('code', '=', code).executeTakeFirst();
}

/**
 * Whether an opening is a person's click: not a HEAD, not a previewer's agent, and not within
 * PREVIEW_WINDOW_MS of the recipient's delivery receipt (a phone or network fetching what just came).
 */
async function isPersonsClick(ctx: GatewayContext, recipientId: number, opening: Opening, now: number) {
  if (opening.method !== 'GET' || isPreviewer(opening.userAgent)) return false;
  const delivered = await deliveredAt(ctx.db, recipientId);
  return delivered === null || now - delivered >= PREVIEW_WINDOW_MS;
}

/**
 * GET (or HEAD) /l/<code> on a host: a live link of that host's tenant redirects to its long URL,
 * recording a person's click once per request; an unknown code or another tenant's host is a plain
 * 404 (a code says nothing of other tenants); an expired link shows a page naming the sender.
 */
export async function openLink(
  ctx: GatewayContext,
  code: string,
  host: string,
  ownerOf: (profileId: number) => Promise<LinkOwner | undefined>,
  opening: Opening,
): Promise<LinkAnswer> {
  const link = await linkOf(ctx, code);
  if (!link) return { page: NOT_FOUND };
  const owner = await ownerOf(link.profile_id);
  if (!owner || owner.host !== host) return { page: NOT_FOUND };
  const now = ctx.now();
  if (now >= Number(link.created_at) + SHORT_LINK_LIFETIME_MS)
    return { page: expiredPage(owner.sender.companyname || owner.sender.username) };
  if (await isPersonsClick(ctx, link.recipient_id, opening, now)) {
    await ctx.db
      .insertInto('link_clicks')
      .values({
        code: link.code,
        profile_id: link.profile_id,
        message_id: link.message_id,
        recipient_id: link.recipient_id,
        recipient_index: link.recipient_index,
        network: link.network,
        device: deviceFamily(opening.userAgent),
        at: now,
      })
      .execute();
  }
  return { redirect: link.url };
}
