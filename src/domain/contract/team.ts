// A team's members and their roles (docs/api.md#calls-and-answers, docs/product.md#members-and-roles): the
// owner's calls (needing the members permission) and the invitation's two public calls.
import { z } from './zod';
import { frontendCall } from './call';
import { flag, numericId, outcomeAnswer, profileId, shownText, text } from './fields';
import { TEAM_ROLES } from '../account/team-roles';
import { MEMBER_NAME_MAX, MEMBER_STATUSES } from '../account/team-members';
import { creditsOrNone } from './account';

/** One or more roles, each named as TEAM_ROLES spells it. */
const rolesField = z
  .array(
    z.enum(TEAM_ROLES, { error: 'must be team roles (Owner, Admin, Sender, Approver, Viewer, Billing, Developer)' }),
  )
  .min(1, 'must name at least one role')
  .max(TEAM_ROLES.length);

/** A member as the Team screen lists them. */
export const MemberSchema = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  roles: z.array(z.enum(TEAM_ROLES)),
  status: z.enum(MEMBER_STATUSES),
  /** Until when an invitation can be used (ms); 0 once joined. */
  inviteExpiresAt: z.number(),
  joinedAt: z.number(),
  /** Credits the member's sends may spend a month (docs/product.md#who-did-what); null: no cap. */
  monthlyCap: z.number().nullable().optional(),
  /** Credits the member's sends spent this month (Accra). */
  spentThisMonth: z.number().optional(),
  /** Whether the member has turned on their own two-step sign-in. */
  twoStep: z.boolean().optional(),
});
export type Member = z.output<typeof MemberSchema>;

const memberAnswer = outcomeAnswer.extend({ member: MemberSchema });

/** The account's members (not the removed). */
export const MEMBERS = frontendCall(
  'members',
  { who: 'user', touches: 'self', needs: 'members' },
  z.object({ profile_id: profileId }),
  z.object({
    members: z.array(MemberSchema),
    /** Whether the account requires two-step sign-in of every member (MEMBERS_TWO_STEP). */
    twoStepRequired: z.boolean().optional(),
  }),
);

/** Requires two-step sign-in of every member, or stops: a member without it sets it up at their next sign-in. */
export const MEMBERS_TWO_STEP = frontendCall(
  'memberstwostep',
  { who: 'user', touches: 'self', needs: 'members' },
  z.object({ profile_id: profileId, required: flag }),
  outcomeAnswer.extend({ twoStepRequired: z.boolean() }),
);

/** Invites a person: an SMS with a link valid 72 hours, used once. */
export const INVITE_MEMBER = frontendCall(
  'invitemember',
  { who: 'user', touches: 'self', needs: 'members' },
  z.object({
    profile_id: profileId,
    name: text.pipe(z.string().trim().min(1, 'is needed').max(MEMBER_NAME_MAX)),
    phone: text.pipe(z.string().trim().min(1, 'is needed').max(20)),
    email: text.pipe(z.string().trim().max(254)).optional(),
    roles: rolesField,
  }),
  memberAnswer,
);

/** A member's roles, replaced. */
export const SET_MEMBER_ROLES = frontendCall(
  'setmemberroles',
  { who: 'user', touches: 'self', needs: 'members' },
  z.object({ profile_id: profileId, id: numericId, roles: rolesField }),
  memberAnswer,
);

/** A member's monthly credit cap, set (whole credits) or cleared (''); checked with each charge of theirs. */
export const SET_MEMBER_CAP = frontendCall(
  'setmembercap',
  { who: 'user', touches: 'self', needs: 'members' },
  z.object({ profile_id: profileId, id: numericId, monthlyCap: creditsOrNone }),
  memberAnswer,
);

/** A new invitation to someone not yet joined: a new link (the old one stops working) for another 72 hours. */
export const RESEND_INVITATION = frontendCall(
  'resendinvitation',
  { who: 'user', touches: 'self', needs: 'members' },
  z.object({ profile_id: profileId, id: numericId }),
  memberAnswer,
);

/** Removes a member (or cancels an invitation): their sessions end at once. */
export const REMOVE_MEMBER = frontendCall(
  'removemember',
  { who: 'user', touches: 'self', needs: 'members' },
  z.object({ profile_id: profileId, id: numericId }),
  outcomeAnswer,
);

const inviteCode = text.pipe(z.string().trim().min(1, 'is needed').max(100));

/** What an invitation's page shows before the password is set: who invites whom. */
export const INVITATION = frontendCall(
  'invitation',
  { who: 'public', touches: 'nothing', attempts: 'codeCheck' },
  z.object({ code: inviteCode }),
  z.object({ name: shownText, company: shownText, phone: shownText }),
);

/** The member sets a password; the invitation is used. They then sign in with their phone number (or e-mail). */
export const ACCEPT_INVITATION = frontendCall(
  'acceptinvitation',
  { who: 'public', touches: 'nothing', attempts: 'codeCheck' },
  z.object({ code: inviteCode, password: text, cpassword: text }),
  outcomeAnswer.extend({ login: shownText }),
);
