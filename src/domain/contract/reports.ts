// A message's delivery report and the dashboard's overview (docs/api.md#delivery-reports), read from
// the gateway's counters: neither counts recipients.
import { z } from './zod';
import { frontendCall } from './call';
import { flag, num, numericId, ownBody, profileId, shownText as text } from './fields';

/** Recipients of one network (src/domain/networks.ts) by status group. */
const NetworkCountsSchema = z.object({
  network: text,
  label: text,
  sent: num,
  failed: num,
  pending: num,
  optedOut: num,
  total: num,
});

/**
 * The clicks of a message's short links (docs/product.md#short-links): recipients sent a link, clicks,
 * unique clickers and their share of those recipients, by network and an hour at a time (ISO start).
 */
export const ClickReportSchema = z.object({
  recipients: num,
  clicks: num,
  unique: num,
  rate: num,
  networks: z.array(z.object({ network: text, label: text, recipients: num, clicks: num, unique: num })),
  overTime: z.array(z.object({ at: text, clicks: num })),
});
export type ClickReport = z.output<typeof ClickReportSchema>;

/** The report of one message (its latest run for a registration): above the status page's rows. */
export const ReportSchema = z.object({
  /** Submitted (every recipient), delivered, failed, pending and opted out. */
  funnel: z.object({ submitted: num, delivered: num, failed: num, pending: num, optedOut: num }),
  networks: z.array(NetworkCountsSchema),
  /** Recipients whose numbers an erasure masked: in the funnel, under no network (0 from a gateway that does not say). */
  erased: num,
  /** Failure reasons in words (src/domain/failure-reasons.ts), most frequent first. */
  reasons: z.array(z.object({ reason: text, count: num })),
  /** Seconds from acceptance to the delivery receipt, as "at most" bounds; null before any delivery. */
  deliveryTime: z.object({ delivered: num, median: num.nullable(), p90: num.nullable() }),
  credits: num,
  /** Its short links' clicks; null without short links (absent from an older gateway's). */
  clicks: ClickReportSchema.nullable().optional(),
});

export const MESSAGE_REPORT = frontendCall(
  'messagereport/:id',
  { who: 'user', touches: 'record', needs: 'reports' },
  ownBody,
  z.object({ report: ReportSchema }),
);

/** One day of the overview: 'yyyy-MM-dd' (Accra) and its recipients by status group. */
const DaySchema = z.object({ day: text, sent: num, failed: num, pending: num, optedOut: num, total: num });

export const OverviewSchema = z.object({
  from: text,
  to: text,
  days: z.array(DaySchema),
  networks: z.array(NetworkCountsSchema),
  credits: num,
  topCampaigns: z.array(
    z.object({ message_id: num, randomAlpha: text, title: text, posted: num, sent: num, failed: num, sentAt: text }),
  ),
});

/** The last 30 days of the caller's sends, or (view 'client', admins only) of its clients' together. */
export const OVERVIEW = frontendCall(
  'overview',
  { who: 'user', touches: 'self-or-clients', needs: 'reports' },
  z.object({
    profile_id: profileId,
    view: z.enum(['personal', 'client']).optional().default('personal'),
    /** One team member's sends only (docs/product.md#who-did-what); another account's member has none. */
    member_id: numericId.optional(),
  }),
  z.object({ overview: OverviewSchema }),
);

/**
 * A follow-up of a send with short links (docs/product.md#follow-up): the numbers of its recipients who
 * clicked (or, `clicked` no, did not), each once; recipients who were opted out or erased are left out.
 * `senderId` is the send's own, which the follow-up keeps.
 */
export const LINK_AUDIENCE = frontendCall(
  'linkaudience/:id',
  { who: 'user', touches: 'record', needs: 'send' },
  ownBody.extend({ clicked: flag }),
  z.object({ numbers: z.array(text), senderId: text }),
);
