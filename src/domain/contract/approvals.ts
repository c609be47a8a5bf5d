// The two-person rule (docs/product.md#the-two-person-rule, docs/api.md#the-two-person-rule): the owner's
// setting, the campaigns waiting for an approver, and the approver's decision.
import { z } from './zod';
import { frontendCall } from './call';
import { numericId, outcomeAnswer, profileId, text } from './fields';
import { UserInfoAnswerSchema } from './user-info';
import { APPROVAL_LIMIT_MAX, APPROVAL_NOTE_MAX, APPROVAL_STATES, type ApprovalRule } from '../send/approval';

/**
 * setapprovalrule: members' campaigns over `over` recipients ('' or null: no limit) and, with `marketing`,
 * all their promotional sends wait for an approver; answers the user info.
 */
export const SET_APPROVAL_RULE = frontendCall(
  'setapprovalrule',
  { who: 'user', touches: 'self', needs: 'settings' },
  z
    .object({
      profile_id: profileId,
      over: z
        .union([z.string(), z.number(), z.null()])
        .optional()
        .transform((v) => (v === null || v === undefined || String(v).trim() === '' ? null : Number(v)))
        .refine(
          (v) => v === null || (Number.isInteger(v) && v >= 0 && v <= APPROVAL_LIMIT_MAX),
          `must be a whole number of recipients from 0 to ${APPROVAL_LIMIT_MAX}, or empty for no limit`,
        ),
      marketing: z.boolean().optional().default(false),
    })
    .transform(({ profile_id, over, marketing }) => ({
      profile_id,
      rule: { overRecipients: over, marketing } satisfies ApprovalRule,
    })),
  UserInfoAnswerSchema,
);

/** A campaign under the rule, as the Approvals screen lists it. */
export const ApprovalSchema = z.object({
  id: z.number(),
  state: z.enum(APPROVAL_STATES),
  author: z.object({ id: z.number(), name: z.string() }),
  sourceAddress: z.string(),
  text: z.string(),
  description: z.string(),
  kind: z.string(),
  category: z.string(),
  /** When it goes out: now (a quick send) or its first delivery (ms). */
  sendAt: z.number(),
  recipients: z.number(),
  firstNumbers: z.array(z.string()),
  parts: z.number(),
  cost: z.number(),
  createdAt: z.number(),
  decidedBy: z.string(),
  decidedAt: z.number(),
  note: z.string(),
  /** The message approval made: its status page. */
  messageId: z.number().nullable(),
});
export type Approval = z.output<typeof ApprovalSchema>;

const approvalList = z.object({ approvals: z.array(ApprovalSchema) });

/** approvals: the account's campaigns awaiting approval, then the latest decided. */
export const APPROVALS = frontendCall(
  'approvals',
  { who: 'user', touches: 'self', needs: 'approve' },
  z.object({ profile_id: profileId }),
  approvalList,
);

/** myapprovals: the caller's own campaigns under the rule, waiting and decided. */
export const MY_APPROVALS = frontendCall(
  'myapprovals',
  { who: 'user', touches: 'self', needs: 'send' },
  z.object({ profile_id: profileId }),
  approvalList,
);

const decision = z.object({
  profile_id: profileId,
  id: numericId,
  note: text.pipe(z.string().trim().max(APPROVAL_NOTE_MAX, `must be at most ${APPROVAL_NOTE_MAX} characters`)),
});

/** approvecampaign: sends (or registers) the campaign as it was stored, once; its reservation becomes its charge. */
export const APPROVE_CAMPAIGN = frontendCall(
  'approvecampaign',
  { who: 'user', touches: 'self', needs: 'approve' },
  decision,
  outcomeAnswer.extend({ approval: ApprovalSchema }),
);

/** rejectcampaign: nothing is sent; its reservation is given back, once. */
export const REJECT_CAMPAIGN = frontendCall(
  'rejectcampaign',
  { who: 'user', touches: 'self', needs: 'approve' },
  decision,
  outcomeAnswer.extend({ approval: ApprovalSchema }),
);
