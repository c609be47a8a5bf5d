// Account security (docs/api.md#account-security): two-step sign-in, signed-in devices, the audit log.
import { z } from './zod';
import { frontendCall } from './call';
import {
  flag,
  num,
  outcomeAnswer,
  ownBody,
  pageFields,
  pageNumField,
  profileId,
  searchField,
  shownText,
  text,
} from './fields';
import { UserInfoAnswerSchema } from './user-info';
import { EXPORT_KINDS } from '../account/audit';

/** A 6-digit code or a recovery code, as typed (bounded). */
const codeField = text.pipe(z.string().max(40, 'must be at most 40 characters'));

/** A sign-in whose password was right but which needs its second step. */
export const TwoStepChallengeSchema = z.object({
  twoStep: z.enum(['code', 'enrol']),
  challenge: z.string(),
  /** Only when two-step is required but not set up yet: the secret to set up now. */
  secret: z.string().optional(),
  uri: z.string().optional(),
});

/** logincode: the second step of a sign-in, with the challenge login answered. */
export const LOGIN_CODE = frontendCall(
  'logincode',
  { who: 'public', touches: 'nothing' },
  z.object({ challenge: text.pipe(z.string().max(100)), code: codeField }),
  UserInfoAnswerSchema.extend({ recoveryCodes: z.array(z.string()).optional() }),
);

// Two-step's own calls act on the session's login: a team member's own, or the account owner's.

/** A secret waiting for its first code, and its otpauth:// URI for the QR code. */
export const TWO_STEP_START = frontendCall(
  'twostepstart',
  { who: 'user', touches: 'self', needs: 'signed-in' },
  ownBody,
  z.object({ secret: z.string(), uri: z.string() }),
);

/** The first code turns two-step on; the ten recovery codes are in this answer only. */
export const TWO_STEP_CONFIRM = frontendCall(
  'twostepconfirm',
  { who: 'user', touches: 'self', needs: 'signed-in' },
  z.object({ profile_id: profileId, code: codeField }),
  UserInfoAnswerSchema.extend({ recoveryCodes: z.array(z.string()) }),
);

export const TWO_STEP_OFF = frontendCall(
  'twostepoff',
  { who: 'user', touches: 'self', needs: 'signed-in' },
  z.object({ profile_id: profileId, code: codeField }),
  UserInfoAnswerSchema,
);

export const RECOVERY_CODES = frontendCall(
  'twosteprecovery',
  { who: 'user', touches: 'self', needs: 'signed-in' },
  z.object({ profile_id: profileId, code: codeField }),
  z.object({ recoveryCodes: z.array(z.string()) }),
);

/** A reseller or profile 6 requires two-step sign-in of itself and its admins. */
export const TWO_STEP_REQUIRE = frontendCall(
  'twosteprequire',
  { who: 'user', touches: 'self', needs: 'settings' },
  z.object({ profile_id: profileId, required: flag }),
  UserInfoAnswerSchema,
);

export const SessionSchema = z.object({
  id: z.string(),
  device: shownText,
  userAgent: shownText,
  ip: shownText,
  createdAt: shownText,
  lastSeenAt: shownText,
  current: z.boolean(),
});
export type SessionItem = z.output<typeof SessionSchema>;

export const SESSIONS = frontendCall(
  'sessions',
  { who: 'user', touches: 'self', needs: 'signed-in' },
  ownBody,
  z.object({ sessions: z.array(SessionSchema) }),
);

export const END_SESSION = frontendCall(
  'endsession',
  { who: 'user', touches: 'self', needs: 'signed-in' },
  z.object({ profile_id: profileId, id: text.pipe(z.string().min(1, 'is required').max(100)) }),
  outcomeAnswer,
);

export const END_OTHER_SESSIONS = frontendCall(
  'endothersessions',
  { who: 'user', touches: 'self', needs: 'signed-in' },
  ownBody,
  outcomeAnswer.extend({ ended: num }),
);

const auditFilter = {
  profile_id: profileId,
  search: searchField,
  action: text.pipe(z.string().max(40)),
  from: text.pipe(z.string().max(10)),
  to: text.pipe(z.string().max(10)),
};

export const AuditEntrySchema = z.object({
  id: num,
  at: shownText,
  action: shownText,
  profile_id: num,
  actor: shownText,
  target_id: num,
  ip: shownText,
  device: shownText,
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.output<typeof AuditEntrySchema>;

/** A page of the log the caller may read: its own, its clients' for an admin, all for profile 6. */
export const AUDIT_LOG = frontendCall(
  'auditlog',
  { who: 'user', touches: 'self', needs: 'settings' },
  z.object({ ...auditFilter, pageNum: pageNumField }),
  z.object({ entries: z.array(AuditEntrySchema), ...pageFields }),
);

/** The same filter's rows for the Excel export (at most MAX_AUDIT_EXPORT_ROWS); the export itself is recorded. */
export const AUDIT_EXPORT = frontendCall(
  'auditexport',
  { who: 'user', touches: 'self', needs: 'settings' },
  z.object(auditFilter),
  z.object({ entries: z.array(AuditEntrySchema), truncated: z.boolean() }),
);

/** The app tells the gateway it exported customer or number data (recorded as data_exported). */
export const RECORD_EXPORT = frontendCall(
  'recordexport',
  { who: 'user', touches: 'self', needs: 'settings' },
  z.object({
    profile_id: profileId,
    kind: z.enum(EXPORT_KINDS),
    count: z.coerce.number<number | string>().int().min(0).max(10_000_000).catch(0).default(0),
  }),
  outcomeAnswer,
);
