// Opt-outs: an account's suppression list (docs/api.md#opt-outs, docs/compliance.md).
import { z } from './zod';
import { frontendCall } from './call';
import { listBody, num, outcomeAnswer, ownBody, pageFields, profileId, shownText as text, intId } from './fields';
import { MAX_OPT_OUT_NUMBERS, MAX_REMOVAL_REASON, type OptOutReason } from '../numbers/opt-out';
import { formatNumber } from '../numbers/number-format';

/** One number on the list: canonical, with why and when (ISO time). */
export const OptOutSchema = z.looseObject({
  id: intId,
  number: text,
  reason: text,
  note: text,
  created_at: text,
});

/** A page of the caller's list, newest first, with the list's size and its inbound message counts. */
export const OPT_OUTS = frontendCall(
  'optoutlist',
  { who: 'user', touches: 'self', needs: 'reports' },
  listBody,
  z.object({
    optouts: z.array(OptOutSchema),
    total: num,
    inbound: z.object({ stop: num, other: num }).optional(),
    ...pageFields,
  }),
);

/** Every number on the caller's list (the app's offline copy, the send form's preview and the export). */
export const OPT_OUT_NUMBERS = frontendCall(
  'optoutnumbers',
  { who: 'user', touches: 'self', needs: 'send' },
  ownBody,
  z.object({ optouts: z.array(OptOutSchema) }),
);

/** Reasons an account may give when it adds numbers itself (a reply or a link is the person's own). */
export const ADD_REASONS = ['manual', 'import', 'complaint'] as const satisfies readonly OptOutReason[];

/** 100,000 numbers written any way fit well within this. */
const ADD_BODY_LIMIT = 8 * 1024 * 1024;

/** Numbers (a list, or comma or line text) put on the caller's list: every one must be a phone number, or none is added. */
export const ADD_OPT_OUTS = frontendCall(
  'optoutadd',
  { who: 'user', touches: 'self', needs: 'send' },
  z.object({
    profile_id: profileId,
    numbers: z
      .union([z.string(), z.array(z.union([z.string(), z.number()]))])
      .transform((v) =>
        (Array.isArray(v) ? v.map(String) : v.split(/[,\n;]/)).map((n) => n.trim()).filter((n) => n !== ''),
      )
      .pipe(
        z
          .array(z.string())
          .min(1, 'needs at least one phone number')
          .max(MAX_OPT_OUT_NUMBERS, `At most ${formatNumber(MAX_OPT_OUT_NUMBERS)} numbers can be added at once`),
      ),
    reason: z.enum(ADD_REASONS).optional().default('manual'),
    note: z.string().max(MAX_REMOVAL_REASON).optional().default(''),
  }),
  // `leftOut`: entries that are not phone numbers, as written; the others were added.
  outcomeAnswer.extend({ added: num, already: num, leftOut: z.array(z.string()).optional() }),
  { bodyLimit: ADD_BODY_LIMIT },
);

/** Takes one number off the caller's list: only with a reason (the person opted in again), which is recorded. */
export const REMOVE_OPT_OUT = frontendCall(
  'optoutremove',
  { who: 'user', touches: 'self', needs: 'send' },
  z.object({
    profile_id: profileId,
    number: z.union([z.string(), z.number()]).transform(String),
    reason: z.string().max(MAX_REMOVAL_REASON, `must be at most ${MAX_REMOVAL_REASON} characters`),
  }),
  outcomeAnswer,
);

/** An admin's clients with opt-outs, and how many each has. */
export const CLIENT_OPT_OUTS = frontendCall(
  'clientoptouts',
  { who: 'admin', touches: 'clients', needs: 'clients' },
  ownBody,
  z.object({ clients: z.array(z.looseObject({ profile_id: intId, username: text, count: num })) }),
);
