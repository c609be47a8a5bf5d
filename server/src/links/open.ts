import { sql, type Selectable } from 'kysely';
import type { GatewayContext } from '../core/context';
import type { Db, Executor } from '../db/database';
import type { ShortLinksTable } from '../db/schema-links';
import { groupedReads } from '../db/grouped-reads';
import { typedValues } from '../db/queries';
import { deliveredTimeColumn, deliveredTimes } from '../messaging/recipient-numbers';
import {
  isShortCode,
  PREVIEW_WINDOW_MS,
  SHORT_LINK_GRACE_MS,
  SHORT_LINK_LIFETIME_MS,
} from '../../../src/domain/links/short-links';
import { deviceFamily, isPreviewer } from './agents';
import { expiredPage, NOT_FOUND, type LinkPage } from './pages';
import { queueClick, queueClickOnceChecked } from './click-writer';

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

/** A link as a redirect reads it: its long URL found (inline or by url_id). */
type ShortLink = Omit<Selectable<ShortLinksTable>, 'mode' | 'url_id'>;
/** A link read with its recipient's delivery time then (null: none yet). */
type ReadLink = ShortLink & { delivered_at: number | string | null };

/**
 * A link kept: its row, when it was read, and its recipient's delivery time once known (it never changes
 * then). `delivered` is the time to go by: the time read with the row stays behind the type.
 */
interface KeptLink {
  link: ShortLink;
  readAt: number;
  delivered: number | null;
}

/** A link for one opening; `deliveredNow`: its delivery time was read for this opening (none yet is an answer). */
interface Found {
  kept: KeptLink;
  deliveredNow: boolean;
}

/**
 * Links found, kept per database, the least recently opened going first when full (at most about
 * 12 MB with 1,000-character URLs). A stored link never changes, so a kept one is as good as a read:
 * its owner's host and its 90 days are checked on every opening as for a read one. Only links found
 * are kept: an unknown code is read every time (a walker fills nothing). A link is only ever deleted
 * (a person's data erased, or pruned after its grace): this process forgets an erased one as its
 * erasure commits (`forgetLinks`), and another instance reads a kept link again after KEPT_FOR_MS, so
 * it serves an erased one that long at most.
 */
const LINKS_KEPT = 10_000;
const KEPT_FOR_MS = 60_000;
interface Kept {
  links: Map<string, KeptLink>;
  /** Bumped by each forgetting: a read that began before one does not keep what it found. */
  forgets: number;
  /** A link by its code, read with the other codes asked meanwhile (a burst of clicks: a few statements). */
  readLink: (code: string) => Promise<ReadLink | undefined>;
  /** A recipient's delivery time, read as the links are. */
  readDelivered: (recipientId: number) => Promise<number | undefined>;
}
const keptLinks = new WeakMap<Executor, Kept>();

function keptOf(db: Db): Kept {
  let kept = keptLinks.get(db);
  if (!kept) {
    kept = {
      links: new Map(),
      forgets: 0,
      readLink: groupedReads((codes) => readLinks(db, codes)),
      readDelivered: groupedReads((ids) => deliveredTimes(db, db.dialectName, ids)),
    };
    keptLinks.set(db, kept);
  }
  return kept;
}

/**
 * Links by code, read by primary key; a link made before migration 049 holds its URL inline (url_id 0,
 * which names no row). Each with its recipient's delivery time, in the same statement: a first click
 * asks nothing more. Not kept prepared on PostgreSQL: its plan follows the table's size.
 */
async function readLinks(db: Db, codes: readonly string[]): Promise<Map<string, ReadLink>> {
  const wanted = typedValues(
    db.dialectName,
    codes.map((code) => ({ code })),
    { code: 'text' },
    { padded: true },
  );
  const { rows } = await sql<ReadLink>`select l.code, l.profile_id, l.message_id, l.recipient_id,
      l.recipient_index, l.network, l.created_at, coalesce(u.url, l.url) as url,
      ${deliveredTimeColumn(sql.ref('l.recipient_id'))} as delivered_at
    from short_links l left join short_link_urls u on u.id = l.url_id
    where l.code in (select column1 from ${wanted} as v)`.execute(db);
  return new Map(rows.map((link) => [link.code, link]));
}

/** Forgets links just deleted (a person's data erased: persondata calls it once the erasure commits). */
export function forgetLinks(db: Db, codes: readonly string[]): void {
  const kept = keptOf(db);
  kept.forgets += 1;
  for (const code of codes) kept.links.delete(code);
}

/**
 * Forgets the `count` least recently opened links at once. A Map keeps a deleted entry's slot until it
 * grows again, and finding its first key walks every such slot: dropping one link a click, always the
 * first, made that walk grow with each click (7.6% of a busy redirect's time on 40,000 new codes).
 */
function forgetOldest(links: Map<string, KeptLink>, count: number) {
  let left = count;
  for (const code of links.keys()) {
    if (left-- === 0) break;
    links.delete(code);
  }
}

/** The link of a code, kept or read by primary key, or undefined (a malformed code is never looked up). */
async function linkOf(db: Db, code: string, now: number): Promise<Found | undefined> {
  if (!isShortCode(code)) return undefined;
  const kept = keptOf(db);
  const known = kept.links.get(code);
  if (known) kept.links.delete(code);
  if (known && now - known.readAt < KEPT_FOR_MS) {
    kept.links.set(code, known);
    return { kept: known, deliveredNow: false };
  }
  const forgets = kept.forgets;
  const read = await kept.readLink(code);
  if (!read) return undefined;
  const delivered = known?.delivered ?? (read.delivered_at === null ? null : Number(read.delivered_at));
  const found: KeptLink = { link: read, readAt: now, delivered };
  if (kept.forgets === forgets) {
    kept.links.set(code, found);
    if (kept.links.size > LINKS_KEPT) forgetOldest(kept.links, LINKS_KEPT / 10);
  }
  return { kept: found, deliveredNow: true };
}

/**
 * Whether a GET not from a previewer's agent is a person's click: not within PREVIEW_WINDOW_MS of the
 * recipient's delivery receipt (a phone or network fetching what just came). The delivery time is asked
 * until it is known, then kept with the link (a receipt never changes it).
 */
async function notJustDelivered(ctx: GatewayContext, kept: KeptLink, now: number): Promise<boolean> {
  kept.delivered ??= (await keptOf(ctx.db).readDelivered(kept.link.recipient_id)) ?? null;
  return kept.delivered === null || outsidePreview(kept.delivered, now);
}

/** A click at `now` came after the preview window of a delivery at `delivered`. */
const outsidePreview = (delivered: number, now: number) => now - delivered >= PREVIEW_WINDOW_MS;

/**
 * GET (or HEAD) /l/<code> on a host: a live link of that host's tenant redirects to its long URL,
 * recording a person's click once per request; an unknown code or another tenant's host is a plain
 * 404 (a code says nothing of other tenants); an expired link shows a page naming the sender until its
 * grace ends (then a 404, as once it is pruned or erased).
 */
export async function openLink(
  ctx: GatewayContext,
  code: string,
  host: string,
  ownerOf: (profileId: number) => Promise<LinkOwner | undefined>,
  opening: Opening,
): Promise<LinkAnswer> {
  const now = ctx.now();
  const found = await linkOf(ctx.db, code, now);
  if (!found) return { page: NOT_FOUND };
  const { kept, deliveredNow } = found;
  const { link } = kept;
  // Past its grace a link is pruned (prune.ts): a plain 404 already, whether the sweep has run or not.
  if (now >= Number(link.created_at) + SHORT_LINK_LIFETIME_MS + SHORT_LINK_GRACE_MS) return { page: NOT_FOUND };
  const owner = await ownerOf(link.profile_id);
  if (!owner || owner.host !== host) return { page: NOT_FOUND };
  if (now >= Number(link.created_at) + SHORT_LINK_LIFETIME_MS)
    return { page: expiredPage(owner.sender.companyname || owner.sender.username) };
  // A HEAD or a previewer is never a person. Whether the click came just after the delivery, and its
  // write, come after the answer (click-writer.ts): the person is kept waiting for neither.
  if (opening.method === 'GET' && !isPreviewer(opening.userAgent)) {
    const click = {
      code: link.code,
      profile_id: link.profile_id,
      message_id: link.message_id,
      recipient_id: link.recipient_id,
      recipient_index: link.recipient_index,
      network: link.network,
      device: deviceFamily(opening.userAgent),
      at: now,
    };
    // A link just read came with its delivery time (or none yet) as of this click; a kept one without
    // one asks again, after the answer.
    if (kept.delivered === null && !deliveredNow)
      queueClickOnceChecked(ctx.db, click, ctx.reportError, notJustDelivered(ctx, kept, now));
    else if (kept.delivered === null || outsidePreview(kept.delivered, now)) queueClick(ctx.db, click, ctx.reportError);
  }
  return { redirect: link.url };
}
