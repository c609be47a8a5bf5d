// A person's data: what the account holds about one phone number, its export and its erasure
// (docs/api.md#a-persons-data, docs/compliance.md#a-persons-data). The account's own data only.
import { z } from './zod';
import { frontendCall } from './call';
import { intId, num, outcomeAnswer, profileId, shownText as text } from './fields';
import { ContactSchema } from './phonebook';
import { OptOutSchema } from './optouts';

/** A phone number as typed: any of its forms ('024 123 4567', '+233 24 123 4567'); the gateway checks it. */
const numberField = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().max(40, 'must be at most 40 characters'));

const personBody = z.object({ profile_id: profileId, number: numberField });

/** What the account holds about the number, counted (nothing is read out but the opt-out record). */
export const PersonSummarySchema = z.object({
  /** The number as kept (canonical). */
  number: text,
  contacts: num,
  messages: num,
  /** Messages to the number still on their way (an erasure waits for them). */
  pending: num,
  inbound: num,
  optout: OptOutSchema.nullable(),
});

export const PERSON_DATA = frontendCall(
  'persondata',
  { who: 'user', touches: 'self', needs: 'settings' },
  personBody,
  PersonSummarySchema,
);

/** One message sent to the number: when, from which sender ID, its text and status; with short links, its clicks. */
export const PersonMessageSchema = z.looseObject({
  message_id: intId,
  time: text,
  sender: text,
  text: text,
  status: text,
  /** How many times the person clicked its short links: only a send with short links has it. */
  clicks: num.optional(),
});

/** One message from the number (a reply), as the carrier delivered it. */
export const PersonInboundSchema = z.looseObject({ time: text, to: text, text: text });

/** Everything held about the number, for its Excel export (recorded in the audit log as it is read). */
export const PERSON_DATA_EXPORT = frontendCall(
  'persondataexport',
  { who: 'user', touches: 'self', needs: 'settings' },
  personBody,
  z.object({
    number: text,
    contacts: z.array(ContactSchema.and(z.looseObject({ groupname: text }))),
    messages: z.array(PersonMessageSchema),
    optout: OptOutSchema.nullable(),
    inbound: z.array(PersonInboundSchema),
  }),
);

/** Erases the number: its contacts deleted, its history masked, its opt-out kept; `confirm` repeats the number. */
export const PERSON_DATA_ERASE = frontendCall(
  'persondataerase',
  { who: 'user', touches: 'self', needs: 'settings' },
  personBody.extend({ confirm: numberField }),
  outcomeAnswer.extend({
    number: text,
    contactsDeleted: num,
    messagesMasked: num,
    inboundMasked: num,
    /** Whether the erasure put the number on the opt-out list (it was not there). */
    optOutAdded: z.boolean(),
  }),
);
