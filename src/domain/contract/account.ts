// The caller's own account (API key, account type, sender IDs) and an admin's clients
// (docs/api.md#calls-and-answers, docs/product.md#sender-ids, docs/product.md#client-management).
import { z } from './zod';
import { frontendCall } from './call';
import { anyField, commaText, flag, intId, numericId, ownBody, profileId, shownText, strictFlag, text } from './fields';
import { UserInfoAnswerSchema, UserInfoSchema } from './user-info';
import { capError, capValue } from '../money/caps';
import { minutesOf, QUIET_SAME_TIMES, QUIET_TIME_FORMAT, type QuietHours } from '../send/quiet-hours';

/** A client as an admin sees it (allusers): user info without token, API key or secret keys. */
export const ClientSchema = UserInfoSchema.omit({
  token: true,
  apikey: true,
  paystackseckey: true,
  paystackseckeyending: true,
  recaptcha_secret_key: true,
  recaptchasecretkeyending: true,
  domainverifytoken: true,
});

/** Profile 6 only: a pending sender-ID request anywhere on the platform, with what deciding needs. */
export const PendingRequestSchema = z.object({
  profile_id: intId,
  username: shownText,
  companyname: shownText,
  supid: intId.catch(0),
  supervisor: shownText,
  senderidapproved: shownText,
  pendingsenderid: shownText,
});

/** The new key, shown this once (the gateway keeps only its hash). */
export const CHANGE_API_KEY = frontendCall(
  'changeapikey',
  { who: 'user', touches: 'self', needs: 'developer' },
  z.object({ profile_id: profileId, username: anyField }),
  z.object({ apikey: shownText.pipe(z.string().min(1)) }),
);

/** changeaccountype (the wire's spelling); admin rights follow RESELLER. */
export const CHANGE_ACCOUNT_TYPE = frontendCall(
  'changeaccountype',
  { who: 'user', touches: 'self', needs: 'settings' },
  z.object({ profile_id: profileId, accountType: text }),
  UserInfoAnswerSchema,
);

/** An admin's clients, and for profile 6 every pending sender-ID request. */
export const CLIENTS = frontendCall(
  'allusers',
  { who: 'admin', touches: 'clients', needs: 'clients' },
  ownBody,
  z.object({ users: z.array(ClientSchema), pending: z.array(PendingRequestSchema).optional() }),
);

/** The IDs join the pending list; answers the updated user info. */
export const REQUEST_SENDER_IDS = frontendCall(
  'senderidrequest',
  { who: 'user', touches: 'self', needs: 'settings' },
  z.object({ profile_id: profileId, pendingsenderid: commaText }),
  UserInfoAnswerSchema,
);

/**
 * Profile 6 is the platform's operator: sender IDs are registered platform-wide, so it decides for every
 * account, resellers' clients included (no reseller admin may: docs/product.md#sender-ids). `id` is the client's
 * profile_id; the answer is the client's updated info.
 */
const decisionBody = z.object({ profile_id: profileId, id: numericId, pendingsenderid: commaText });
const decisionAnswer = z.object({ userInfo: ClientSchema });
export const APPROVE_SENDER_IDS = frontendCall(
  'approvesenderid',
  { who: 'profile6', touches: 'platform', needs: 'clients' },
  decisionBody,
  decisionAnswer,
);
export const REJECT_SENDER_IDS = frontendCall(
  'rejectsenderid',
  { who: 'profile6', touches: 'platform', needs: 'clients' },
  decisionBody,
  decisionAnswer,
);

// Editing one's own account (docs/api.md#editing-ones-own-account): each acts on the caller only.

/**
 * What moving the account's recovery channel (its e-mail, its number) asks beside the session: the current
 * password, and the authenticator's code when two-step sign-in is on ('' when it is off).
 */
const ownerProof = {
  currentPassword: text.pipe(z.string().max(200, 'must be at most 200 characters')),
  twoStepCode: text.pipe(z.string().max(40, 'must be at most 40 characters')),
};

/** updateprofile: the account's e-mail and company name (a new e-mail asks for the proof); answers the updated user info. */
export const UPDATE_DETAILS = frontendCall(
  'updateprofile',
  { who: 'user', touches: 'self', needs: 'account-owner' },
  z.object({ profile_id: profileId, email: text, companyname: text, ...ownerProof }),
  UserInfoAnswerSchema,
);

const doneAnswer = z.object({ status: shownText, message: shownText });

/** sendphonecode: a code texted to the new number. */
export const SEND_PHONE_CODE = frontendCall(
  'sendphonecode',
  { who: 'user', touches: 'self', needs: 'account-owner' },
  z.object({ profile_id: profileId, phone: text }),
  doneAnswer,
);

/** changephone: the new number with the code texted to it, and the proof; answers the updated user info. */
export const CHANGE_PHONE = frontendCall(
  'changephone',
  { who: 'user', touches: 'self', needs: 'account-owner' },
  z.object({ profile_id: profileId, phone: text, code: text, ...ownerProof }),
  UserInfoAnswerSchema,
);

/** What a recovery ended: sessions, API v1 keys revoked, and whether the SMPP password was cleared. */
export const EndedCredentialsSchema = z.object({
  sessions: z.number().int(),
  apiKeys: z.number().int(),
  smppAccess: z.boolean(),
});

/**
 * changeownpassword: given the current one; the gateway ends the account's other sessions, and with
 * `endCredentials` every API key and the SMPP password too (`ended` says what ended).
 */
export const CHANGE_OWN_PASSWORD = frontendCall(
  'changeownpassword',
  { who: 'user', touches: 'self', needs: 'account-owner' },
  z.object({
    profile_id: profileId,
    currentPassword: text,
    newPassword: text,
    confirmNewPassword: text,
    endCredentials: flag,
  }),
  doneAnswer.extend({ ended: EndedCredentialsSchema.optional() }),
);

// Low-balance alerts and spending caps (docs/product.md#low-balance-alerts, docs/product.md#spending-caps).

/** Credits as typed: '' (none) or a whole number within MAX_CAP_CREDITS. */
export const creditsOrNone = z
  .union([z.string(), z.number(), z.null()])
  .transform((v) => (v === null ? '' : String(v)))
  .superRefine((v, c) => {
    const error = capError(v);
    if (error) c.addIssue({ code: 'custom', message: error });
  })
  .transform(capValue);

/** setlowbalancealert: the credits under which a charge alerts the account ('' for none); answers the user info. */
export const SET_LOW_BALANCE_ALERT = frontendCall(
  'setlowbalancealert',
  { who: 'user', touches: 'self', needs: 'billing' },
  z.object({ profile_id: profileId, threshold: creditsOrNone }),
  UserInfoAnswerSchema,
);

/** setclientcap: an admin sets (or with '' clears) a client's monthly spending cap; answers the client. */
export const SET_CLIENT_CAP = frontendCall(
  'setclientcap',
  { who: 'admin', touches: 'clients', needs: 'clients' },
  z.object({ profile_id: profileId, clientprofile_id: z.unknown(), monthlycap: creditsOrNone }),
  z.object({ userInfo: ClientSchema }),
);

/**
 * setquiethours: the account's quiet hours (docs/product.md#quiet-hours): a nightly window as HH:mm in
 * Accra ('' and '' for none) and whether all of Sunday is quiet; answers the user info.
 */
export const SET_QUIET_HOURS = frontendCall(
  'setquiethours',
  { who: 'user', touches: 'self', needs: 'settings' },
  z
    .object({ profile_id: profileId, start: text, end: text, sundays: strictFlag })
    .superRefine((b, c) => {
      if (b.start.trim() === '' && b.end.trim() === '') return;
      for (const key of ['start', 'end'] as const)
        if (minutesOf(b[key]) === null) c.addIssue({ code: 'custom', path: [key], message: QUIET_TIME_FORMAT });
      if (minutesOf(b.start) !== null && minutesOf(b.start) === minutesOf(b.end))
        c.addIssue({ code: 'custom', path: ['end'], message: QUIET_SAME_TIMES });
    })
    .transform(({ profile_id, start, end, sundays }) => ({
      profile_id,
      quiet: { start: minutesOf(start), end: minutesOf(end), sundays } satisfies QuietHours,
    })),
  UserInfoAnswerSchema,
);
